import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordOf } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { EditRecordModal } from './edit-record-modal';

const record = recordOf({ name: 'Primeira sessão' });

describe('EditRecordModal', () => {
  it('renames the record, refusing an empty name', async () => {
    const calls = mockApi(() => ({ status: 200, data: { record: { ...record, name: 'Retorno' } } }));
    const onClose = vi.fn();
    renderWithProviders(<EditRecordModal record={record} opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: messages.records.editRecord });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.records.name });
    expect(name.value).toBe('Primeira sessão');
    expect(within(dialog).getAllByRole('button', { name: messages.common.close }).length).toBeGreaterThan(0);

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await screen.findByText(messages.validation.nameRequired)).toBeDefined();
    expect(calls).toEqual([]);

    fireEvent.change(name, { target: { value: ' Retorno ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'PUT', url: `/v1/records/${record.id}`, body: { name: 'Retorno' } }]);
  });

  it('shows a finalized record’s name read-only, with why and without “Salvar”', () => {
    const calls = mockApi(() => ({ status: 200 }));
    renderWithProviders(<EditRecordModal record={recordOf({ name: 'Primeira sessão', finalizedAt: '2025-03-06T12:00:00.000Z' })} opened onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: messages.records.editRecord });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.records.name });
    expect(name.value).toBe('Primeira sessão');
    expect(name.readOnly).toBe(true);
    expect(within(dialog).getByText(messages.records.nameLocked)).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: messages.common.save })).toBeNull();
    expect(within(dialog).getByRole('button', { name: messages.records.deleteRecord })).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('deletes only after the confirmation', async () => {
    const calls = mockApi(() => ({ status: 200, message: messages.records.deleted }));
    const onClose = vi.fn();
    renderWithProviders(<EditRecordModal record={record} opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: messages.records.editRecord });
    expect(within(dialog).getByText(messages.records.deleteZone)).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: messages.records.deleteRecord }));
    const confirmation = await screen.findByRole('dialog', { name: messages.confirmDelete.title });
    expect(within(confirmation).getByText(messages.records.deleteConfirmation)).toBeDefined();
    expect(calls).toEqual([]);

    fireEvent.click(within(confirmation).getByRole('button', { name: messages.common.confirm }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'DELETE', url: `/v1/records/${record.id}`, body: undefined }]);
  });
});
