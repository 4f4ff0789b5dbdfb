import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { chatOf, clinicalAssistant, writingAssistant } from '../testing/fixtures';
import { EditChatModal } from './edit-chat-modal';

const chat = chatOf();

describe('EditChatModal', () => {
  it('starts from the saved name and assistant, refuses an empty name, and saves both', async () => {
    const calls = mockApi((call) =>
      call.method === 'GET'
        ? { status: 200, data: { aiAssistants: [clinicalAssistant, writingAssistant] } }
        : { status: 200, data: { chat: { ...chat, name: 'Retorno' }, aiAssistant: clinicalAssistant } },
    );
    const onClose = vi.fn();
    renderWithProviders(<EditChatModal chat={chat} opened onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: messages.chats.editChat });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.chats.name });
    expect(name.value).toBe('Primeira sessão');
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: messages.chats.assistant }).value).toBe(
        clinicalAssistant.name,
      ),
    );

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    expect(await screen.findByText(messages.validation.nameRequired)).toBeDefined();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(name, { target: { value: 'Retorno' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.common.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/v1/chats/${chat.id}`,
      body: { name: 'Retorno', aiAssistantId: clinicalAssistant.id },
    });
  });

  it('deletes only after the confirmation, then calls onDeleted', async () => {
    const calls = mockApi((call) =>
      call.method === 'GET'
        ? { status: 200, data: { aiAssistants: [clinicalAssistant] } }
        : { status: 200, message: messages.chats.deleted },
    );
    const onClose = vi.fn();
    const onDeleted = vi.fn();
    renderWithProviders(<EditChatModal chat={chat} opened onClose={onClose} onDeleted={onDeleted} />);
    const dialog = screen.getByRole('dialog', { name: messages.chats.editChat });
    expect(within(dialog).getByText(messages.chats.deleteZone)).toBeDefined();
    expect(within(dialog).getByText(messages.chats.deleteZoneText)).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: messages.chats.deleteChat }));
    const confirmation = await screen.findByRole('dialog', { name: messages.confirmDelete.title });
    expect(within(confirmation).getByText(messages.chats.deleteConfirmation)).toBeDefined();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(confirmation).getByRole('button', { name: messages.common.confirm }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/v1/chats/${chat.id}`, body: undefined },
    ]);
  });
});
