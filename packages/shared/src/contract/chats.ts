import { z } from 'zod';
import {
  aiAssistantListResponse,
  aiAssistantResponse,
  aiAssistantWriteRequest,
  chatCreateRequest,
  chatDetailResponse,
  chatListResponse,
  chatMessagesResponse,
  chatSavedResponse,
  chatUpdateRequest,
  recordFromChatRequest,
  sendFormRequest,
  sendRecordRequest,
  sendAttachmentsFields,
  sendTextRequest,
} from '../schemas/chats';
import { messageEnvelope } from '../schemas/common';
import { recordResponse } from '../schemas/records';
import { attachmentsUpload, idParams } from './common';
import { attachmentsBodyBytes } from './records';
import { defineRoute, type ErrorCodes, type RouteSpec } from './route';

const tag = 'chats';

/** The events of a streamed answer: `delta` pieces of text, then `done` with the thread or `error`. */
const eventStream = z.string().describe('server-sent events: delta { text }, done { chatsMessages }, error { status, message }');

type SendInput = Pick<RouteSpec, 'body' | 'multipart' | 'maxBodyBytes'> & { errors?: ErrorCodes };

/** The failures of every send call; a call's own `errors` replace a status's codes. */
const sendFailures = { 404: ['CHAT_NOT_FOUND'], 409: ['NOTHING_TO_ANSWER'], 503: ['AI_UNAVAILABLE'], 504: ['AI_TIMEOUT'] } as const satisfies ErrorCodes;

/**
 * A send call answering the thread (201) and its `/stream` twin answering server-sent events.
 * 409: nothing to answer (retry); 503 and 504: the model failed or took too long, the message kept.
 */
function sendRoutes<const P extends `/v1/chats/:id/${string}`, const I extends SendInput>(path: P, input: I) {
  const common = { method: 'POST', access: 'session', tag, params: idParams, ...input, errors: { ...sendFailures, ...input.errors } } as const;
  return {
    plain: defineRoute({ ...common, path, status: 201, response: chatMessagesResponse }),
    stream: defineRoute({ ...common, path: `${path}/stream` as `${P}/stream` & `/${string}`, status: 200, response: eventStream, raw: 'text/event-stream' }),
  };
}

export const assistantsApi = {
  /** The library's assistants and the professional's own. */
  list: defineRoute({
    method: 'GET',
    path: '/v1/users/me/ai-assistants',
    access: 'session',
    tag,
    status: 200,
    response: aiAssistantListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/v1/users/me/ai-assistants',
    access: 'session',
    tag,
    body: aiAssistantWriteRequest,
    status: 201,
    response: aiAssistantResponse,
  }),
  /** An own assistant only (403 for the library's). */
  update: defineRoute({
    method: 'PUT',
    path: '/v1/ai-assistants/:id',
    access: 'session',
    tag,
    params: idParams,
    body: aiAssistantWriteRequest,
    errors: { 403: ['LIBRARY_ASSISTANT_READ_ONLY'], 404: ['ASSISTANT_NOT_FOUND'] },
    status: 200,
    response: aiAssistantResponse,
  }),
  /** An own assistant no session uses (409 otherwise; 403 for the library's). */
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/ai-assistants/:id',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: messageEnvelope,
    errors: { 403: ['LIBRARY_ASSISTANT_READ_ONLY'], 404: ['ASSISTANT_NOT_FOUND'], 409: ['ASSISTANT_IN_USE'] },
  }),
};

export const chatsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/chats',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: chatListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/chats',
    access: 'session',
    tag,
    params: idParams,
    body: chatCreateRequest,
    errors: { 404: ['PATIENT_NOT_FOUND', 'ASSISTANT_NOT_FOUND'] },
    status: 201,
    response: chatSavedResponse,
  }),
  get: defineRoute({ method: 'GET', path: '/v1/chats/:id', access: 'session', tag, params: idParams, errors: { 404: ['CHAT_NOT_FOUND'] }, status: 200, response: chatDetailResponse }),
  update: defineRoute({
    method: 'PUT',
    path: '/v1/chats/:id',
    access: 'session',
    tag,
    params: idParams,
    body: chatUpdateRequest,
    errors: { 404: ['CHAT_NOT_FOUND'] },
    status: 200,
    response: chatSavedResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/chats/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['CHAT_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
  sendText: sendRoutes('/v1/chats/:id/send-text', { body: sendTextRequest }),
  sendForm: sendRoutes('/v1/chats/:id/send-form', { body: sendFormRequest, errors: { 404: ['CHAT_NOT_FOUND', 'FORM_NOT_FOUND'] } }),
  sendRecord: sendRoutes('/v1/chats/:id/send-record', { body: sendRecordRequest, errors: { 404: ['CHAT_NOT_FOUND', 'RECORD_NOT_FOUND'] } }),
  sendAttachments: sendRoutes('/v1/chats/:id/send-attachments', {
    multipart: { ...attachmentsUpload, fields: sendAttachmentsFields },
    errors: { 400: ['ATTACHMENTS_MISSING'], 413: ['ATTACHMENT_TOO_LARGE', 'TOO_MANY_ATTACHMENTS'] },
    maxBodyBytes: attachmentsBodyBytes,
  }),
  retry: sendRoutes('/v1/chats/:id/retry', {}),
  recordFromChat: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/records/from-chat',
    access: 'session',
    tag,
    params: idParams,
    body: recordFromChatRequest,
    status: 201,
    response: recordResponse,
    errors: { 400: ['CHAT_EMPTY'], 404: ['PATIENT_NOT_FOUND', 'CHAT_NOT_FOUND'], 503: ['AI_UNAVAILABLE'], 504: ['AI_TIMEOUT'] },
  }),
};
