import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ChangeEmailDialog } from './change-email-dialog';

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<ChangeEmailDialog opened onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: messages.account.changeEmail });
  return {
    onClose,
    dialog,
    email: within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.account.newEmail }),
    // A password input has no ARIA role; its label reads 'Senha atual *' (the required mark).
    password: within(dialog).getByLabelText<HTMLInputElement>(messages.account.currentPassword, { exact: false }),
    send: within(dialog).getByRole('button', { name: messages.common.send }),
  };
}

describe('ChangeEmailDialog', () => {
  it("shows the spec's texts and asks for the current password", () => {
    const { dialog, password } = renderDialog();
    expect(within(dialog).getByText(messages.account.changeEmailNote)).toBeDefined();
    expect(within(dialog).getAllByRole('button', { name: messages.common.close }).length).toBeGreaterThan(0);
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
  });

  it('refuses to send without the current password', async () => {
    const calls = mockApi(() => ({ status: 200, message: messages.account.emailUpdateSent }));
    const { email, send } = renderDialog();
    fireEvent.change(email, { target: { value: 'nova@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText(messages.validation.currentPasswordRequired)).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('sends the new address with the current password as userPassword, then closes', async () => {
    const calls = mockApi(() => ({ status: 200, message: messages.account.emailUpdateSent }));
    const { email, password, send, onClose } = renderDialog();
    fireEvent.change(email, { target: { value: 'nova@example.com' } });
    fireEvent.change(password, { target: { value: 'Primeira1' } });
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { method: 'POST', url: '/v1/users/me/email-updates', body: { email: 'nova@example.com', userPassword: 'Primeira1' } },
    ]);
  });

  it('stays open after a wrong password, with the address kept and the password to type again', async () => {
    const calls = mockApi(() => ({ status: 400, code: 'PASSWORD_UPDATE_FAILED', message: messages.errors.passwordUpdateFailed }));
    const { dialog, email, password, send, onClose } = renderDialog();
    fireEvent.change(email, { target: { value: 'nova@example.com' } });
    fireEvent.change(password, { target: { value: 'Errada123' } });
    fireEvent.click(send);
    await waitFor(() => expect(password.value).toBe(''));
    expect(calls).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(email.value).toBe('nova@example.com');
    // The error is the toast of every failed call, not a second message inside the dialog.
    expect(within(dialog).queryByText(messages.errors.passwordUpdateFailed)).toBeNull();
  });
});
