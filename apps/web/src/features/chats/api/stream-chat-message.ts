import { chatMessageSchema, chatsApi, messages, type ChatMessage, type ChatStreamEvent } from '@consultorio/shared';
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

/** The file with the text beside it, when there is any: one multipart body. */
function attachmentBody(file: File, text: string): FormData {
  const body = new FormData();
  if (text.trim() !== '') body.append('userText', text.trim());
  body.append('files', file, file.name);
  return body;
}

/** Sends through the stream contract of the send's kind; resolves with the answer's event stream. */
function openAnswerStream(chatId: string, send: ChatSend, signal: AbortSignal | undefined): Promise<ReadableStream<Uint8Array>> {
  const params = { id: chatId };
  switch (send.kind) {
    case 'text':
      return apiClient.openEventStream(chatsApi.sendText.stream, { params, body: { userText: send.text }, signal });
    case 'attachment': {
      const body = attachmentBody(send.file, send.text);
      return apiClient.openEventStream(chatsApi.sendAttachments.stream, { params, body, signal });
    }
    case 'form':
      return apiClient.openEventStream(chatsApi.sendForm.stream, { params, body: { formId: send.formId }, signal });
    case 'record':
      return apiClient.openEventStream(chatsApi.sendRecord.stream, { params, body: { recordId: send.recordId }, signal });
    case 'retry':
      return apiClient.openEventStream(chatsApi.retry.stream, { params, signal });
  }
}

const threadSchema = chatMessageSchema.array();

/** The stored thread of a `done` event, or null when it is not one. */
function threadOf(value: unknown): ChatMessage[] | null {
  const parsed = threadSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
    case 'done': {
      const chatsMessages = threadOf(payload.chatsMessages);
      return chatsMessages ? { event, data: { chatsMessages } } : null;
    }
    case 'error':
      return {
        event,
        data: {
          status: typeof payload.status === 'number' ? payload.status : 503,
          message: typeof payload.message === 'string' && payload.message !== '' ? payload.message : messages.requestErrors.generic,
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
  const stream = await openAnswerStream(chatId, send, options.signal);
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
    throw new ChatAnswerError(NETWORK_ERROR_STATUS, messages.requestErrors.network);
  }
  // The stream ended without its `done`: the connection was cut.
  throw new ChatAnswerError(NETWORK_ERROR_STATUS, messages.requestErrors.network);
}
