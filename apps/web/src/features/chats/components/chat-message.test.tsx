import { limits, messages } from '@consultorio/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { messageOf } from '../testing/fixtures';
import { ChatMessageItem } from './chat-message';
import { copyTextOf } from './message-copy';
import { MessageMarkdown } from './message-markdown';

describe('MessageMarkdown', () => {
  it('renders markdown but shows raw HTML as text', () => {
    const { container } = renderWithProviders(
      <MessageMarkdown text={'**negrito** e ~~riscado~~\n\n<img src=x onerror=alert(1)>\n\nTexto com <b onclick="x()">tag</b>.'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('negrito');
    expect(container.querySelector('del')?.textContent).toBe('riscado');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<b onclick="x()">tag</b>');
  });

  it('opens links in a new tab without a handle on the app, and drops javascript: links', () => {
    renderWithProviders(<MessageMarkdown text={'[Diretriz](https://example.org/diretriz) e [clique](javascript:alert(1))'} />);
    const link = screen.getByRole('link', { name: 'Diretriz' });
    expect(link.getAttribute('href')).toBe('https://example.org/diretriz');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('clique').getAttribute('href') ?? '').not.toContain('javascript');
  });
});

describe('sent files', () => {
  it('open their stored file from the name, each file used once, a name without file stays text', () => {
    const message = {
      ...messageOf('user', { attachments: ['a.txt', 'a.txt', 'b.pdf'] }),
      files: [
        { name: 'a.txt', externalKey: 'chat-1.txt' },
        { name: 'a.txt', externalKey: 'chat-2.txt' },
      ],
    };
    renderWithProviders(<ChatMessageItem message={message} assistantName="Assistente" />);
    const links = screen.getAllByRole('link', { name: 'a.txt' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/v1/files/chat-1.txt', '/v1/files/chat-2.txt']);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'b.pdf' })).toBeNull();
    expect(screen.getByText('b.pdf')).toBeTruthy();
  });
});

describe('files whose text could not be read', () => {
  it('are named in a note under the attachments', () => {
    renderWithProviders(
      <ChatMessageItem
        message={messageOf('user', { attachments: ['exame.pdf', 'laudo.docx', 'nota.txt'], unreadable: ['exame.pdf', 'laudo.docx'] })}
        assistantName="Assistente Clínico"
      />,
    );
    const message = screen.getByRole('article', { name: messages.chats.you });
    const note = within(message).getByRole('note');
    expect(note.textContent).toBe(messages.chats.unreadableFiles(['exame.pdf', 'laudo.docx']));
    // After the list of attachments, and not an alert announced each time the thread renders.
    const files = within(message).getByRole('list', { name: messages.chats.attachmentsLabel });
    expect(files.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(message).queryByRole('alert')).toBeNull();
  });

  it('leave no note when every file was read', () => {
    renderWithProviders(
      <ChatMessageItem message={messageOf('user', { attachments: ['nota.txt'], unreadable: [] })} assistantName="Assistente Clínico" />,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('copyTextOf', () => {
  it('copies the text, or else the names of what was sent', () => {
    expect(copyTextOf({ text: ' Olá ', attachments: ['a.txt'] })).toBe('Olá');
    expect(copyTextOf({ attachments: ['a.txt', 'b.pdf'] })).toBe('a.txt\nb.pdf');
    expect(copyTextOf({ form: 'Anamnese' })).toBe('Anamnese');
    expect(copyTextOf({ record: 'Evolução' })).toBe('Evolução');
  });
});

describe('ChatMessageItem', () => {
  const writeText = vi.fn((_text: string) => Promise.resolve());

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
    writeText.mockClear();
  });

  it('shows the files, the form and the record sent', () => {
    renderWithProviders(
      <ChatMessageItem
        message={messageOf('user', { attachments: ['exame.txt', 'laudo.pdf'], form: 'Anamnese', record: 'Evolução' })}
        assistantName="Assistente Clínico"
      />,
    );
    const message = screen.getByRole('article', { name: messages.chats.you });
    const files = within(message).getByRole('list', { name: messages.chats.attachmentsLabel });
    expect(within(files).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['exame.txt', 'laudo.pdf']);
    expect(within(message).getByText(messages.chats.sentForm('Anamnese'))).toBeDefined();
    expect(within(message).getByText(messages.chats.sentRecord('Evolução'))).toBeDefined();
  });

  it("copies the assistant's text and says 'Copiado' for 3 seconds", async () => {
    renderWithProviders(
      <ChatMessageItem message={messageOf('other', { text: 'Sugiro **higiene do sono**.' })} assistantName="Assistente Clínico" />,
    );
    const message = screen.getByRole('article', { name: 'Assistente Clínico' });
    fireEvent.click(within(message).getByRole('button', { name: messages.chats.copy }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('Sugiro **higiene do sono**.');
    expect(within(message).getByRole('button', { name: messages.chats.copied })).toBeDefined();

    act(() => {
      vi.advanceTimersByTime(limits.copiedMessageMs - 1);
    });
    expect(within(message).getByRole('button', { name: messages.chats.copied })).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(message).getByRole('button', { name: messages.chats.copy })).toBeDefined();
  });
});
