import { messages } from '@consultorio/shared';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { canSend, ChatInput, type ChatDraft } from './chat-input';

const actions = { onGenerateRecord: vi.fn(), onSendForm: vi.fn(), onSendRecord: vi.fn() };

/** The input with a button that switches it off and on, as a send does. */
function Harness({
  onSend,
  startDisabled,
  chatId = 'chat-1',
}: {
  onSend: (draft: ChatDraft) => Promise<boolean>;
  startDisabled: boolean;
  chatId?: string;
}) {
  const [disabled, setDisabled] = useState(startDisabled);
  return (
    <>
      <button type="button" onClick={() => setDisabled((value) => !value)}>
        alternar
      </button>
      <ChatInput chatId={chatId} disabled={disabled} onSend={onSend} {...actions} />
    </>
  );
}

function renderInput({ disabled = false, onSend = vi.fn((_draft: ChatDraft) => Promise.resolve(true)) } = {}) {
  vi.clearAllMocks();
  sessionStorage.clear();
  const view = renderWithProviders(<Harness onSend={onSend} startDisabled={disabled} />);
  const toggle = () => fireEvent.click(screen.getByRole('button', { name: 'alternar' }));
  return { onSend, actions, toggle, container: view.container };
}

function textBox(): HTMLTextAreaElement {
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: messages.chats.messageLabel });
}

function sendButton(): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: messages.chats.send });
}

function chooseFile(container: HTMLElement, file: File) {
  const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('canSend', () => {
  it('needs a file or some text that is not only spaces', () => {
    expect(canSend('', null)).toBe(false);
    expect(canSend(' \n\t ', null)).toBe(false);
    expect(canSend(' oi ', null)).toBe(true);
    expect(canSend('', new File([''], 'a.txt'))).toBe(true);
  });
});

describe('ChatInput', () => {
  it('sends the trimmed text with Enter and clears it; Shift+Enter does not send', async () => {
    const { onSend } = renderInput();
    expect(textBox().placeholder).toBe(messages.chats.placeholder);
    expect(sendButton().disabled).toBe(true);

    fireEvent.change(textBox(), { target: { value: '   ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(textBox(), { target: { value: '  Como está o sono?  ' } });
    expect(sendButton().disabled).toBe(false);
    const shiftEnter = fireEvent.keyDown(textBox(), { key: 'Enter', shiftKey: true });
    expect(shiftEnter).toBe(true); // not prevented: the browser adds the new line
    expect(onSend).not.toHaveBeenCalled();

    const enter = fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(enter).toBe(false);
    expect(onSend).toHaveBeenCalledWith({ text: 'Como está o sono?', file: null });
    await waitFor(() => expect(textBox().value).toBe(''));
  });

  it('keeps the draft when the send did not go through', async () => {
    const { onSend } = renderInput({ onSend: vi.fn(() => Promise.resolve(false)) });
    fireEvent.change(textBox(), { target: { value: 'Texto longo demais' } });
    fireEvent.click(sendButton());
    await act(async () => {
      await Promise.resolve();
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(textBox().value).toBe('Texto longo demais');
  });

  it('sends nothing while disabled, Enter included', () => {
    const { onSend, actions } = renderInput({ disabled: true });
    expect(textBox().disabled).toBe(true);
    fireEvent.change(textBox(), { target: { value: 'Oi' } });
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(sendButton().disabled).toBe(true);
    for (const label of [
      messages.chats.generateRecord,
      messages.chats.sendAttachment,
      messages.chats.sendForm,
      messages.chats.sendRecord,
    ]) {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: label }).disabled).toBe(true);
    }
    expect(onSend).not.toHaveBeenCalled();
    expect(actions.onSendForm).not.toHaveBeenCalled();
  });

  it('shows the chosen file, switches the placeholder, sends it without text, and removes it', async () => {
    const { onSend, container } = renderInput();
    const file = new File(['Hemoglobina 13,5'], 'exame de sangue.txt', { type: 'text/plain' });
    chooseFile(container, file);

    expect(await screen.findByText('exame de sangue.txt')).toBeDefined();
    expect(textBox().placeholder).toBe(messages.chats.placeholderWithAttachment);
    expect(sendButton().disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: messages.chats.removeAttachment }));
    expect(screen.queryByText('exame de sangue.txt')).toBeNull();
    expect(textBox().placeholder).toBe(messages.chats.placeholder);
    expect(sendButton().disabled).toBe(true);

    chooseFile(container, file);
    fireEvent.click(await screen.findByRole('button', { name: messages.chats.send }));
    expect(onSend).toHaveBeenCalledWith({ text: '', file });
    await waitFor(() => expect(screen.queryByText('exame de sangue.txt')).toBeNull());
  });

  it('opens the other ways to send, and gets the focus back when a send ends', () => {
    const { toggle } = renderInput();
    fireEvent.click(screen.getByRole('button', { name: messages.chats.generateRecord }));
    fireEvent.click(screen.getByRole('button', { name: messages.chats.sendForm }));
    fireEvent.click(screen.getByRole('button', { name: messages.chats.sendRecord }));
    expect(actions.onGenerateRecord).toHaveBeenCalledTimes(1);
    expect(actions.onSendForm).toHaveBeenCalledTimes(1);
    expect(actions.onSendRecord).toHaveBeenCalledTimes(1);

    toggle();
    expect(textBox().disabled).toBe(true);
    toggle();
    expect(document.activeElement).toBe(textBox());
  });
});

describe('the draft', () => {
  it('survives leaving the page and coming back, per session, until it is sent', async () => {
    const { onSend } = renderInput();
    fireEvent.change(textBox(), { target: { value: 'Paciente relata' } });
    cleanup();

    renderWithProviders(<Harness onSend={onSend} startDisabled={false} chatId="chat-2" />);
    expect(textBox().value).toBe('');
    cleanup();

    renderWithProviders(<Harness onSend={onSend} startDisabled={false} />);
    expect(textBox().value).toBe('Paciente relata');
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    await waitFor(() => expect(textBox().value).toBe(''));
    expect(onSend).toHaveBeenCalledWith({ text: 'Paciente relata', file: null });
    cleanup();

    renderWithProviders(<Harness onSend={onSend} startDisabled={false} />);
    expect(textBox().value).toBe('');
  });
});
