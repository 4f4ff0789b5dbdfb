import {
  chatCreateRequest,
  chatDetailResponse,
  chatListResponse,
  chatMessagesResponse,
  chatSavedResponse,
  chatUpdateRequest,
  idSchema,
  limits,
  messageEnvelope,
  messages,
  recordFromChatRequest,
  recordResponse,
  sendAttachmentsFields,
  sendFormRequest,
  sendRecordRequest,
  sendTextRequest,
} from '@consultorio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { send, sessionUser } from '../../platform/http';
import { streamEvents } from '../../platform/server-sent-events';
import { readEachFile } from '../../platform/uploads';
import { toAssistant } from '../assistants/assistants.repository';
import { toPatientSummary } from '../patients/patients.repository';
import { toRecord } from '../records/records.repository';
import { toChat, toChatMessage, type ChatWithAssistant } from './chats.repository';
import * as chats from './chats.service';

const tags = ['chats'];
const params = z.object({ id: idSchema });

const attachmentLimits = {
  maxBytes: limits.attachmentMaxBytes,
  maxFiles: limits.attachmentsPerRequest,
  tooLarge: new AppError('ATTACHMENT_TOO_LARGE'),
  tooMany: new AppError('TOO_MANY_ATTACHMENTS'),
};

const saved = ({ chat, assistant }: ChatWithAssistant) => ({ chat: toChat(chat, assistant.name), aiAssistant: toAssistant(assistant) });

/**
 * The four ways to send, each stored first and then answered by the chat's assistant. Each
 * has a plain route answering `chatsMessages` and a `/stream` twin answering server-sent events.
 */
export function chatsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/patients/:id/chats', { schema: { tags, params, response: { 200: chatListResponse } } }, async (request, reply) => {
      const { rows, patient } = await chats.listChats(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, {
        chats: rows.map(({ chat, assistantName }) => toChat(chat, assistantName)),
        patient: toPatientSummary(patient),
      });
    });

    app.post(
      '/patients/:id/chats',
      { schema: { tags, params, body: chatCreateRequest, response: { 201: chatSavedResponse } } },
      async (request, reply) => {
        const created = await chats.createChat(ctx, sessionUser(request).id, request.params.id, request.body);
        return send(reply, 201, saved(created), messages.chats.created);
      },
    );

    app.get('/chats/:id', { schema: { tags, params, response: { 200: chatDetailResponse } } }, async (request, reply) => {
      const { chat, assistant, rows, patient } = await chats.getChat(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, {
        ...saved({ chat, assistant }),
        chatsMessages: rows.map(toChatMessage),
        patient: toPatientSummary(patient),
      });
    });

    app.put(
      '/chats/:id',
      { schema: { tags, params, body: chatUpdateRequest, response: { 200: chatSavedResponse } } },
      async (request, reply) => {
        const updated = await chats.updateChat(ctx, sessionUser(request).id, request.params.id, request.body);
        return send(reply, 200, saved(updated), messages.chats.updated);
      },
    );

    app.delete('/chats/:id', { schema: { tags, params, response: { 200: messageEnvelope } } }, async (request, reply) => {
      await chats.deleteChat(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, null, messages.chats.deleted);
    });

    type SendRequest = FastifyRequest<{ Params: { id: string }; Body: unknown }>;
    /**
     * How a send call's request becomes the professional's message, for the session's own chat
     * (already looked up); null sends nothing new (retry). The body was validated by the route.
     */
    type ToOutgoing = (chat: ChatWithAssistant, request: SendRequest) => Promise<chats.Outgoing | null>;

    const handleSend = (toOutgoing: ToOutgoing, stream: boolean) => async (request: SendRequest, reply: FastifyReply) => {
      const ownerId = sessionUser(request).id;
      const found = await chats.ownedChat(ctx, ownerId, request.params.id);
      const outgoing = await toOutgoing(found, request);
      if (outgoing) await chats.postMessage(ctx, ownerId, found.chat.id, outgoing);
      const pending = await chats.pendingAnswer(ctx, found);
      const thread = async (onDelta?: (text: string) => void) => ({
        chatsMessages: (await chats.answer(ctx, ownerId, found.chat.id, pending, onDelta)).map(toChatMessage),
      });
      if (stream) return streamEvents(reply, thread);
      return send(reply, 201, await thread());
    };

    const sendRoute = (path: string, options: { body?: z.ZodType; multipart?: boolean }, toOutgoing: ToOutgoing) => {
      const schema = {
        tags,
        params,
        ...(options.body ? { body: options.body } : {}),
        ...(options.multipart ? { consumes: ['multipart/form-data'] } : {}),
      };
      const bodyLimit = options.multipart ? limits.attachmentMaxBytes * limits.attachmentsPerRequest + 1024 * 1024 : undefined;
      app.post(`/chats/:id/${path}`, { bodyLimit, schema: { ...schema, response: { 201: chatMessagesResponse } } }, handleSend(toOutgoing, false));
      app.post(`/chats/:id/${path}/stream`, { bodyLimit, schema: { ...schema, produces: ['text/event-stream'] } }, handleSend(toOutgoing, true));
    };
    const bodyOf = <T extends z.ZodType>(_schema: T, request: SendRequest) => request.body as z.output<T>;

    sendRoute('send-text', { body: sendTextRequest }, async (_found, request) =>
      chats.textMessage(bodyOf(sendTextRequest, request).userText),
    );
    sendRoute('send-form', { body: sendFormRequest }, ({ chat }, request) =>
      chats.formMessage(ctx, chat, bodyOf(sendFormRequest, request).formId),
    );
    sendRoute('send-record', { body: sendRecordRequest }, ({ chat }, request) =>
      chats.recordMessage(ctx, chat, bodyOf(sendRecordRequest, request).recordId),
    );
    sendRoute('send-attachments', { multipart: true }, (_found, request) => readAttachments(ctx, request));
    sendRoute('retry', {}, async () => null);

    app.post(
      '/patients/:id/records/from-chat',
      { schema: { tags, params, body: recordFromChatRequest, response: { 201: recordResponse } } },
      async (request, reply) => {
        const { name, chatId } = request.body;
        const record = await chats.recordFromChat(ctx, sessionUser(request).id, request.params.id, chatId, name);
        return send(reply, 201, { record: toRecord(record) }, messages.chats.recordGenerated);
      },
    );
  };
}

/**
 * The files and text fields of a send-attachments body, read once the chat is known to be the
 * professional's (so nothing is stored for another's); whatever was stored is removed again
 * when the body turns out to be bad.
 */
async function readAttachments(ctx: Context, request: FastifyRequest): Promise<chats.Outgoing> {
  const files = new chats.SentFiles(ctx);
  const fields: Record<string, string> = {};
  try {
    const count = await readEachFile(request, 'files', attachmentLimits, (upload) => files.add(upload), (name, value) => {
      fields[name] = value;
    });
    if (count === 0) throw new AppError('ATTACHMENTS_MISSING');
    const parsed = sendAttachmentsFields.safeParse(fields);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    return files.message(parsed.data.userText || undefined);
  } catch (error) {
    await files.discard();
    throw error;
  }
}
