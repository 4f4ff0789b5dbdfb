import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formOf } from '../../../test/fixtures';
import { everyTypeTemplate } from '../testing/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { EditFormModal } from './edit-form-modal';

const form = formOf(everyTypeTemplate);

describe('EditFormModal', () => {
  it('renames the form, refusing an empty name', async () => {
    const calls = mockApi(() => ({ status: 200, data: { form: { ...form, name: 'Retorno' } } }));
    const onClose = vi.fn();
    renderWithProviders(<EditFormModal form={form} opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: messages.forms.editForm });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.forms.name });
    expect(name.value).toBe('Primeira consulta');

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await screen.findByText(messages.validation.nameRequired)).toBeDefined();
    expect(calls).toEqual([]);

    fireEvent.change(name, { target: { value: ' Retorno ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'PUT', url: `/v1/forms/${form.id}`, body: { name: 'Retorno' } }]);
  });

  it('deletes only after the confirmation', async () => {
    const calls = mockApi(() => ({ status: 200, message: messages.forms.deleted }));
    const onClose = vi.fn();
    renderWithProviders(<EditFormModal form={form} opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: messages.forms.editForm });
    expect(within(dialog).getByText(messages.forms.deleteZone)).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: messages.forms.deleteForm }));
    const confirmation = await screen.findByRole('dialog', { name: messages.confirmDelete.title });
    expect(within(confirmation).getByText(messages.forms.deleteConfirmation)).toBeDefined();
    expect(calls).toEqual([]);

    fireEvent.click(within(confirmation).getByRole('button', { name: messages.common.confirm }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'DELETE', url: `/v1/forms/${form.id}`, body: undefined }]);
  });
});
