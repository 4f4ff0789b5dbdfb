import { chatsApi, messages } from '@consultorio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../platform/context';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { streamEvents } from '../../platform/server-sent-events';
import { attachmentReader } from '../../platform/uploads';
import { sessionUser } from '../sessions/sessions.service';
import * as chats from './chats.service';

export function chatsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, chatsApi.list, async (request) => ({ data: await chats.listChats(ctx, sessionUser(request).id, request.params.id) }));

    route(app, chatsApi.create, async (request) => ({
      data: await chats.createChat(ctx, sessionUser(request).id, request.params.id, request.body),
      message: messages.chats.created,
    }));

    route(app, chatsApi.get, async (request) => ({ data: await chats.getChat(ctx, sessionUser(request).id, request.params.id) }));

    route(app, chatsApi.update, async (request) => ({
      data: await chats.updateChat(ctx, sessionUser(request).id, request.params.id, request.body),
      message: messages.chats.updated,
    }));

    route(app, chatsApi.remove, async (request) => {
      await chats.deleteChat(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.chats.deleted };
    });

    // Each send stores the message (validated, its chat's owner checked) before the answer
    // starts, so those failures stay plain JSON; the plain call answers the thread, its
    // `/stream` twin streams the answer as server-sent events.
    const pendingAnswer = (request: FastifyRequest<{ Params: { id: string } }>, input: chats.SendInput) =>
      chats.send(ctx, sessionUser(request).id, request.params.id, input);
    const answerThread = async (request: FastifyRequest<{ Params: { id: string } }>, input: chats.SendInput) => ({
      data: await (await pendingAnswer(request, input)).answer(),
    });
    const streamAnswer = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, input: chats.SendInput) => {
      const pending = await pendingAnswer(request, input);
      await streamEvents(reply, (onDelta) => pending.answer(onDelta));
    };
    const { sendText, sendForm, sendRecord, sendAttachments, retry } = chatsApi;
    route(app, sendText.plain, (request) => answerThread(request, { kind: 'text', userText: request.body.userText }));
    rawRoute(app, sendText.stream, (request, reply) => streamAnswer(request, reply, { kind: 'text', userText: request.body.userText }));
    route(app, sendForm.plain, (request) => answerThread(request, { kind: 'form', formId: request.body.formId }));
    rawRoute(app, sendForm.stream, (request, reply) => streamAnswer(request, reply, { kind: 'form', formId: request.body.formId }));
    route(app, sendRecord.plain, (request) => answerThread(request, { kind: 'record', recordId: request.body.recordId }));
    rawRoute(app, sendRecord.stream, (request, reply) => streamAnswer(request, reply, { kind: 'record', recordId: request.body.recordId }));
    const attachments = (request: FastifyRequest): chats.SendInput => ({
      kind: 'attachments',
      read: (onField) => attachmentReader(request, sendAttachments.plain.multipart, onField),
    });
    route(app, sendAttachments.plain, (request) => answerThread(request, attachments(request)));
    rawRoute(app, sendAttachments.stream, (request, reply) => streamAnswer(request, reply, attachments(request)));
    route(app, retry.plain, (request) => answerThread(request, { kind: 'retry' }));
    rawRoute(app, retry.stream, (request, reply) => streamAnswer(request, reply, { kind: 'retry' }));

    route(app, chatsApi.recordFromChat, async (request) => {
      const { name, chatId } = request.body;
      const record = await chats.recordFromChat(ctx, sessionUser(request).id, request.params.id, chatId, name);
      return { data: { record }, message: messages.chats.recordGenerated };
    });
  };
}
