import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userOf } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ProfileForm } from './profile-form';

describe('ProfileForm', () => {
  it("shows the 'Endereço do consultório' and sends it with the profile", async () => {
    const user = userOf({ officeAddress: 'Rua Augusta, 1500' });
    const address = 'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP';
    const calls = mockApi(() => ({ status: 200, data: { user: { ...user, officeAddress: address } }, message: messages.account.profileUpdated }));
    renderWithProviders(<ProfileForm user={user} onChangeEmail={() => undefined} />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: messages.fields.officeAddress });
    expect(field.value).toBe('Rua Augusta, 1500');
    fireEvent.change(field, { target: { value: `${address} ` } });
    fireEvent.click(screen.getByRole('button', { name: messages.account.saveProfile }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/v1/users/me', body: expect.objectContaining({ officeAddress: address }) });
  });
});
