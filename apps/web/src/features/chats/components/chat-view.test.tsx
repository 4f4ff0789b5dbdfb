import { messages, type ChatMessage, type Form } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formOf, patientSummaryOf, recordOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { eventStreamAnswer, jsonAnswer, mockFetch, type EventStreamAnswer } from '../testing/fetch-mock';
import { chatDetailOf, chatOf, clinicalAssistant, messageOf, patientId } from '../testing/fixtures';
import { ChatView } from './chat-view';

const chat = chatOf();
const chatPath = `/patients/${patientId}/chats/${chat.id}`;
const anamnesis = { id: '0b9f0a3c-41a5-4c2e-9f1d-2b5c6d7e8f90', name: 'Anamnese geral' };

/** The server's side: the stored thread, and what each streamed call answers. */
function fakeServer(initial: ChatMessage[] = []) {
  const server = {
    thread: initial,
    streams: [] as EventStreamAnswer[],
    forms: [] as Form[],
  };
  const calls = mockFetch((call) => {
    if (call.method === 'GET' && call.url === `/v1/chats/${chat.id}`) {
      return jsonAnswer(200, chatDetailOf(server.thread, chat));
    }
    if (call.method === 'GET' && call.url === `/v1/patients/${patientId}/forms`) {
      return jsonAnswer(200, { forms: server.forms, patient: patientSummaryOf(patientId) });
    }
    if (call.url.endsWith('/records/from-chat')) {
      return jsonAnswer(201, { record: recordOf({ patientId, name: 'Resumo da sessão' }) }, messages.chats.recordGenerated);
    }
    if (call.url.endsWith('/stream')) {
      const answer = eventStreamAnswer();
      server.streams.push(answer);
      return answer.response;
    }
    return jsonAnswer(404, null, messages.errors.routeNotFound);
  });
  return { server, calls };
}

function renderChat() {
  return renderWithProviders(
    <Routes>
      <Route path="/patients/:patientId/chats/:chatId" element={<ChatView patientId={patientId} chatId={chat.id} />} />
      <Route path="/patients/:patientId/records/:recordId" element={<p>prontuário aberto</p>} />
      <Route path="/patients/:patientId/chats" element={<p>lista de sessões</p>} />
    </Routes>,
    chatPath,
  );
}

function textBox(): HTMLTextAreaElement {
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: messages.chats.messageLabel });
}

function thread(): HTMLElement {
  return screen.getByRole('log', { name: messages.chats.threadLabel });
}

function typing() {
  return within(thread()).queryByText(messages.chats.typing);
}

describe('ChatView', () => {
  it('shows the loading text, then the session details and its thread', async () => {
    const question = messageOf('user', { text: 'Como está o sono?' });
    fakeServer([question, messageOf('other', { text: 'Vamos **avaliar**.' })]);
    renderChat();
    expect(screen.getByText(messages.chats.loading)).toBeDefined();

    const panel = await screen.findByRole('complementary', { name: chat.name });
    expect(within(panel).getByText(clinicalAssistant.name)).toBeDefined();
    expect(within(panel).getByText(messages.chats.updatedAt).nextSibling?.textContent).toBe(messages.common.dash);
    const articles = within(thread()).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual([
      messages.chats.you,
      clinicalAssistant.name,
    ]);
    expect(articles[1]!.querySelector('strong')?.textContent).toBe('avaliar');
    expect(within(thread()).queryByRole('alert')).toBeNull();
  });

  it('sends at once, shows the answer as it streams, then the stored thread', async () => {
    const { server, calls } = fakeServer();
    renderChat();
    expect(await screen.findByText(messages.chats.emptyThread)).toBeDefined();

    fireEvent.change(textBox(), { target: { value: '  Como dormir melhor?  ' } });
    fireEvent.keyDown(textBox(), { key: 'Enter' });

    const pending = await within(thread()).findByRole('article', { name: messages.chats.you });
    expect(within(pending).getByText('Como dormir melhor?')).toBeDefined();
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(typing()).not.toBeNull();
    expect(textBox().disabled).toBe(true);
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `/v1/chats/${chat.id}/send-text/stream`,
      body: { userText: 'Como dormir melhor?' },
    });

    const stream = server.streams[0]!;
    stream.send('delta', { text: 'Durma ' });
    expect(await within(thread()).findByText('Durma')).toBeDefined();
    stream.send('delta', { text: '**cedo**.' });
    expect((await within(thread()).findByText('cedo')).tagName).toBe('STRONG');
    expect(typing()).not.toBeNull();

    server.thread = [messageOf('user', { text: 'Como dormir melhor?' }), messageOf('other', { text: 'Durma **cedo**.' })];
    stream.send('done', { chatsMessages: server.thread });
    stream.close();

    await waitFor(() => expect(typing()).toBeNull());
    const articles = within(thread()).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual([
      messages.chats.you,
      clinicalAssistant.name,
    ]);
    expect(articles.every((article) => article.getAttribute('aria-busy') === null)).toBe(true);
    expect(within(thread()).getAllByRole('button', { name: messages.chats.copy })).toHaveLength(2);
    expect(textBox().disabled).toBe(false);
    expect(textBox().value).toBe('');
  });

  it('keeps an unanswered message with "Tentar novamente", which asks for the answer again', async () => {
    const { server, calls } = fakeServer();
    renderChat();
    await screen.findByText(messages.chats.emptyThread);

    fireEvent.change(textBox(), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('button', { name: messages.chats.send }));
    await waitFor(() => expect(server.streams).toHaveLength(1));
    // The server stored the message, then the model failed.
    server.thread = [messageOf('user', { text: 'Oi' })];
    server.streams[0]!.send('error', { status: 503, message: messages.errors.aiUnavailable });
    server.streams[0]!.close();

    const notice = await within(thread()).findByRole('alert');
    expect(within(notice).getByText(messages.chats.failed)).toBeDefined();
    // Why, told once: in the thread, beside 'Tentar novamente'.
    expect(within(notice).getByText(messages.errors.aiUnavailable)).toBeDefined();
    expect(textBox().value).toBe('');
    expect(within(thread()).getAllByRole('article')).toHaveLength(1);

    fireEvent.click(within(notice).getByRole('button', { name: messages.chats.retry }));
    await waitFor(() => expect(server.streams).toHaveLength(2));
    expect(calls.at(-1)).toEqual({ method: 'POST', url: `/v1/chats/${chat.id}/retry/stream`, body: undefined });
    expect(within(thread()).queryByRole('alert')).toBeNull();
    expect(typing()).not.toBeNull();

    server.thread = [...server.thread, messageOf('other', { text: 'Olá!' })];
    server.streams[1]!.send('done', { chatsMessages: server.thread });
    server.streams[1]!.close();
    expect(await within(thread()).findByText('Olá!')).toBeDefined();
    await waitFor(() => expect(typing()).toBeNull());
    expect(within(thread()).queryByRole('alert')).toBeNull();
  });

  it('keeps the text when the server refused the message before storing it', async () => {
    const calls = mockFetch((call) =>
      call.method === 'GET'
        ? jsonAnswer(200, chatDetailOf([], chat))
        : jsonAnswer(400, null, messages.validation.tooLong(20_000)),
    );
    renderChat();
    await screen.findByText(messages.chats.emptyThread);

    fireEvent.change(textBox(), { target: { value: 'Texto' } });
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect(textBox().disabled).toBe(false));
    expect(textBox().value).toBe('Texto');
    expect(screen.getByText(messages.chats.emptyThread)).toBeDefined();
    expect(within(thread()).queryByRole('alert')).toBeNull();
  });

  it('sends a form chosen among the patient’s, and says so when there is none', async () => {
    const { server, calls } = fakeServer();
    renderChat();
    await screen.findByText(messages.chats.emptyThread);

    fireEvent.click(screen.getByRole('button', { name: messages.chats.sendForm }));
    let dialog = await screen.findByRole('dialog', { name: messages.chats.sendForm });
    expect(await within(dialog).findByText(messages.chats.noForms)).toBeDefined();
    fireEvent.click(within(dialog).getAllByRole('button', { name: messages.common.close }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    server.forms = [formOf(anamnesis, { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Anamnese de março' })];
    fireEvent.click(screen.getByRole('button', { name: messages.chats.sendForm }));
    dialog = await screen.findByRole('dialog', { name: messages.chats.sendForm });
    // Opened again, the list is read again: the new form is there.
    const select = await within(dialog).findByRole('combobox', { name: messages.chats.chooseForm });
    expect((select as HTMLInputElement).placeholder).toBe(messages.chats.choose);
    fireEvent.click(within(dialog).getByRole('button', { name: messages.chats.send }));
    expect(await within(dialog).findByText(messages.validation.formRequired)).toBeDefined();

    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Anamnese de março' }));
    fireEvent.click(within(dialog).getByRole('button', { name: messages.chats.send }));

    const pending = await within(thread()).findByRole('article', { name: messages.chats.you });
    expect(within(pending).getByText(messages.chats.sentForm('Anamnese de março'))).toBeDefined();
    await waitFor(() => expect(server.streams).toHaveLength(1));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `/v1/chats/${chat.id}/send-form/stream`,
      body: { formId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' },
    });
  });

  it('generates a record named after the session, then opens it', async () => {
    const { calls } = fakeServer([messageOf('user', { text: 'Oi' }), messageOf('other', { text: 'Olá!' })]);
    renderChat();
    await within(await screen.findByRole('log')).findByText('Olá!');

    fireEvent.click(screen.getByRole('button', { name: messages.chats.generateRecord }));
    const dialog = await screen.findByRole('dialog', { name: messages.chats.generateRecord });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.chats.recordName });
    expect(name.value).toBe(chat.name);
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.chats.generate }));
    expect(await within(dialog).findByText(messages.validation.nameRequired)).toBeDefined();

    fireEvent.change(name, { target: { value: 'Resumo da sessão' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.chats.generate }));
    expect(await screen.findByText('prontuário aberto')).toBeDefined();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `/v1/patients/${patientId}/records/from-chat`,
      body: { name: 'Resumo da sessão', chatId: chat.id },
    });
  });

  it('shows only the way back for a session of another patient', async () => {
    mockFetch(() => jsonAnswer(200, chatDetailOf([], chatOf({ patientId: '99999999-0000-4000-8000-000000000000' }))));
    renderChat();
    expect(await screen.findByRole('link', { name: messages.chats.backToList })).toBeDefined();
    expect(screen.queryByRole('log')).toBeNull();
  });
});
