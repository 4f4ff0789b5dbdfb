import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { chatOf, clinicalAssistant, patientId, writingAssistant } from '../testing/fixtures';
import { NewChatModal } from './new-chat-modal';

const created = chatOf({ aiAssistantId: writingAssistant.id, aiAssistantName: writingAssistant.name });

describe('NewChatModal', () => {
  it('is not submitted while a field is empty, then creates the session and opens it', async () => {
    const calls = mockApi((call) =>
      call.method === 'GET'
        ? { status: 200, data: { aiAssistants: [clinicalAssistant, writingAssistant] } }
        : { status: 201, data: { chat: created, aiAssistant: writingAssistant }, message: messages.chats.created },
    );
    const onClose = vi.fn();
    renderWithProviders(
      <Routes>
        <Route path="/" element={<NewChatModal patientId={patientId} opened onClose={onClose} />} />
        <Route path="/patients/:patientId/chats/:chatId" element={<p>sessão aberta</p>} />
      </Routes>,
    );
    const dialog = screen.getByRole('dialog', { name: messages.chats.newChat });
    const create = within(dialog).getByRole('button', { name: messages.common.create });

    fireEvent.click(create);
    expect(await screen.findByText(messages.validation.nameRequired)).toBeDefined();
    expect(screen.getByText(messages.validation.assistantRequired)).toBeDefined();

    fireEvent.change(within(dialog).getByRole('textbox', { name: messages.chats.name }), {
      target: { value: '  Primeira sessão ' },
    });
    fireEvent.click(create);
    await screen.findByText(messages.validation.assistantRequired);
    await waitFor(() => expect(screen.queryByText(messages.validation.nameRequired)).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const assistant = within(dialog).getByRole('combobox', { name: messages.chats.assistant });
    fireEvent.click(assistant);
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(writingAssistant.name) }));
    // The chosen assistant's description is shown under the field.
    await waitFor(() => {
      const describedBy = (assistant.getAttribute('aria-describedby') ?? '').split(' ');
      const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
      expect(texts).toEqual([writingAssistant.description]);
    });
    fireEvent.click(create);

    expect(await screen.findByText('sessão aberta')).toBeDefined();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: `/v1/patients/${patientId}/chats`,
      body: { name: 'Primeira sessão', aiAssistantId: writingAssistant.id },
    });
  });
});
