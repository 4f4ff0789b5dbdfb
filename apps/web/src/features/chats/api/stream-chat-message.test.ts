import { messages } from '@consultorio/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../../../lib/api-client';
import { eventStreamAnswer, eventStreamOf, jsonAnswer, mockFetch } from '../testing/fetch-mock';
import { messageOf } from '../testing/fixtures';
import { ChatAnswerError, isMessageStored, streamChatMessage, toChatStreamEvent } from './stream-chat-message';

const chatId = 'c0ffee00-1111-4222-8333-444455556666';
const thread = [messageOf('user', { text: 'Oi' }), messageOf('other', { text: 'Olá!' })];

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('streamChatMessage', () => {
  it('posts each kind to its stream endpoint with its body', async () => {
    const calls = mockFetch(() => eventStreamOf([['done', { chatsMessages: thread }]]));
    const onDelta = vi.fn();
    const file = new File(['Hemoglobina 13,5'], 'exame.txt', { type: 'text/plain' });

    await streamChatMessage(chatId, { kind: 'text', text: 'Oi' }, { onDelta });
    await streamChatMessage(chatId, { kind: 'attachment', file, text: '  veja o exame ' }, { onDelta });
    await streamChatMessage(chatId, { kind: 'attachment', file, text: '   ' }, { onDelta });
    await streamChatMessage(chatId, { kind: 'form', formId: 'f1', formName: 'Anamnese' }, { onDelta });
    await streamChatMessage(chatId, { kind: 'record', recordId: 'r1', recordName: 'Evolução' }, { onDelta });
    await streamChatMessage(chatId, { kind: 'retry' }, { onDelta });

    const base = `/v1/chats/${chatId}`;
    expect(calls).toEqual([
      { method: 'POST', url: `${base}/send-text/stream`, body: { userText: 'Oi' } },
      {
        method: 'POST',
        url: `${base}/send-attachments/stream`,
        body: [
          ['userText', 'veja o exame'],
          ['files', 'exame.txt'],
        ],
      },
      { method: 'POST', url: `${base}/send-attachments/stream`, body: [['files', 'exame.txt']] },
      { method: 'POST', url: `${base}/send-form/stream`, body: { formId: 'f1' } },
      { method: 'POST', url: `${base}/send-record/stream`, body: { recordId: 'r1' } },
      { method: 'POST', url: `${base}/retry/stream`, body: undefined },
    ]);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ Accept: 'text/event-stream', 'Content-Type': 'application/json' });
  });

  it('gives each piece of the answer as it comes, then the stored thread', async () => {
    const answer = eventStreamAnswer();
    mockFetch(() => answer.response);
    const pieces: string[] = [];
    const sent = streamChatMessage(chatId, { kind: 'text', text: 'Oi' }, { onDelta: (text) => pieces.push(text) });

    answer.send('delta', { text: 'Olá' });
    answer.write(': comentário\n\nevent: delta\nda');
    answer.write('ta: {"text":"!"}\n\nevent: novidade\ndata: {}\n\n');
    answer.send('done', { chatsMessages: thread });
    answer.close();

    await expect(sent).resolves.toEqual(thread);
    expect(pieces).toEqual(['Olá', '!']);
  });

  it('fails with the server message of an error event: the message was stored', async () => {
    mockFetch(() =>
      eventStreamOf([
        ['delta', { text: 'Começo' }],
        ['error', { status: 503, message: messages.errors.aiUnavailable }],
      ]),
    );
    const error = await failureOf(streamChatMessage(chatId, { kind: 'text', text: 'Oi' }, { onDelta: vi.fn() }));
    expect(error).toBeInstanceOf(ChatAnswerError);
    expect([error.status, error.message]).toEqual([503, messages.errors.aiUnavailable]);
    expect(isMessageStored(error)).toBe(true);
  });

  it('fails as a network error when the stream ends without its answer', async () => {
    mockFetch(() => eventStreamOf([['delta', { text: 'Começo' }]]));
    const error = await failureOf(streamChatMessage(chatId, { kind: 'text', text: 'Oi' }, { onDelta: vi.fn() }));
    expect([error.status, error.message]).toEqual([0, messages.requestErrors.network]);
    expect(isMessageStored(error)).toBe(true);
  });

  it('reads a JSON answer before the stream as the failure it is: nothing stored, a 401 logs out', async () => {
    const logout = vi.fn();
    unregister = apiClient.setUnauthorizedHandler(logout);
    mockFetch((call) =>
      call.url.endsWith('send-text/stream')
        ? jsonAnswer(400, null, messages.validation.messageRequired)
        : jsonAnswer(401, null, messages.errors.unauthorized),
    );

    const invalid = await failureOf(streamChatMessage(chatId, { kind: 'text', text: ' ' }, { onDelta: vi.fn() }));
    expect([invalid.status, invalid.message]).toEqual([400, messages.validation.messageRequired]);
    expect(isMessageStored(invalid)).toBe(false);
    expect(logout).not.toHaveBeenCalled();

    const expired = await failureOf(streamChatMessage(chatId, { kind: 'retry' }, { onDelta: vi.fn() }));
    expect(expired.status).toBe(401);
    expect(logout).toHaveBeenCalledTimes(1);
  });
});

describe('toChatStreamEvent', () => {
  it('types the known events and ignores the rest', () => {
    expect(toChatStreamEvent({ event: 'delta', data: '{"text":"a"}', id: '' })).toEqual({
      event: 'delta',
      data: { text: 'a' },
    });
    expect(toChatStreamEvent({ event: 'error', data: '{}', id: '' })).toEqual({
      event: 'error',
      data: { status: 503, message: messages.requestErrors.generic },
    });
    expect(toChatStreamEvent({ event: 'delta', data: 'não é JSON', id: '' })).toBeNull();
    expect(toChatStreamEvent({ event: 'done', data: '{"chatsMessages":null}', id: '' })).toBeNull();
    // A thread outside the contract is no thread: the answer then ends as cut short.
    expect(toChatStreamEvent({ event: 'done', data: '{"chatsMessages":[{"id":"m1"}]}', id: '' })).toBeNull();
    expect(toChatStreamEvent({ event: 'message', data: '{}', id: '' })).toBeNull();
  });
});
