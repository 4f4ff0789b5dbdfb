import { messages, type ChatMessage, type ChatStreamEvent } from '@consultorio/shared';
import { ApiError, NETWORK_ERROR_STATUS, apiClient, isAbortError } from '../../../lib/api-client';
import { readEventStream, type ServerSentEvent } from '../../../lib/server-sent-events';

/** What the professional sends: each kind has its `…/stream` endpoint. */
export type ChatSend =
  | { kind: 'text'; text: string }
  | { kind: 'attachment'; file: File; text: string }
  | { kind: 'form'; formId: string; formName: string }
  | { kind: 'record'; recordId: string; recordName: string }
  /** Asks again for the answer to the professional's unanswered messages. */
  | { kind: 'retry' };

/**
 * The answer failed after the server had stored the professional's message (an `error`
 * event, or the stream cut short): the message is in the thread, waiting for a retry.
 * A failure before the stream starts (validation, 404, 413...) stored nothing.
 */
export class ChatAnswerError extends ApiError {
  readonly isMessageStored = true;
}

export function isMessageStored(error: unknown): boolean {
  return error instanceof ChatAnswerError;
}

function requestOf(chatId: string, send: ChatSend): { path: string; body: unknown } {
  const base = `/v1/chats/${encodeURIComponent(chatId)}`;
  switch (send.kind) {
    case 'text':
      return { path: `${base}/send-text/stream`, body: { userText: send.text } };
    case 'attachment': {
      const body = new FormData();
      if (send.text.trim() !== '') body.append('userText', send.text.trim());
      body.append('files', send.file, send.file.name);
      return { path: `${base}/send-attachments/stream`, body };
    }
    case 'form':
      return { path: `${base}/send-form/stream`, body: { formId: send.formId } };
    case 'record':
      return { path: `${base}/send-record/stream`, body: { recordId: send.recordId } };
    case 'retry':
      return { path: `${base}/retry/stream`, body: undefined };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The typed event, or null for an event this client does not know (ignored, as EventSource would). */
export function toChatStreamEvent({ event, data }: ServerSentEvent): ChatStreamEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
  switch (event) {
    case 'delta':
      return typeof payload.text === 'string' ? { event, data: { text: payload.text } } : null;
    case 'done':
      return Array.isArray(payload.chatsMessages)
        ? { event, data: { chatsMessages: payload.chatsMessages as ChatMessage[] } }
        : null;
    case 'error':
      return {
        event,
        data: {
          status: typeof payload.status === 'number' ? payload.status : 503,
          message: typeof payload.message === 'string' && payload.message !== '' ? payload.message : messages.errors.generic,
        },
      };
    default:
      return null;
  }
}

export interface StreamChatOptions {
  /** Each piece of the answer as it is written. */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * Sends to the chat and follows the streamed answer. Resolves with the stored thread (the
 * `done` event); fails with an ApiError: a plain one when nothing was stored, a
 * ChatAnswerError when the professional's message was stored but not answered.
 */
export async function streamChatMessage(chatId: string, send: ChatSend, options: StreamChatOptions): Promise<ChatMessage[]> {
  const { path, body } = requestOf(chatId, send);
  const stream = await apiClient.openEventStream(path, body, { signal: options.signal });
  try {
    for await (const sse of readEventStream(stream)) {
      const event = toChatStreamEvent(sse);
      if (event === null) continue;
      switch (event.event) {
        case 'delta':
          options.onDelta(event.data.text);
          break;
        case 'done':
          return event.data.chatsMessages;
        case 'error':
          throw new ChatAnswerError(event.data.status, event.data.message);
      }
    }
  } catch (error) {
    if (error instanceof ChatAnswerError || isAbortError(error)) throw error;
    throw new ChatAnswerError(NETWORK_ERROR_STATUS, messages.errors.network);
  }
  // The stream ended without its `done`: the connection was cut.
  throw new ChatAnswerError(NETWORK_ERROR_STATUS, messages.errors.network);
}
