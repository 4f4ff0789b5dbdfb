import {
  confirmTokenRequest,
  emailRequest,
  limits,
  messageEnvelope,
  messages,
  passwordChangeRequest,
  profileUpdateRequest,
  userResponse,
} from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionTokenHash, sessionUser } from '../../platform/http';
import { readSingleFile } from '../../platform/uploads';
import { toUser } from './users.repository';
import * as users from './users.service';

const tags = ['users'];

export function usersRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/email-updates/confirm',
      { schema: { tags, body: confirmTokenRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => {
        await users.confirmEmailUpdate(ctx, request.body.confirmationToken);
        return send(reply, 200, null, messages.confirmation.emailUpdated);
      },
    );

    app.get('/users/me', { schema: { tags, response: { 200: userResponse } } }, async (request, reply) =>
      send(reply, 200, { user: toUser(sessionUser(request)) }),
    );

    app.put(
      '/users/me',
      { schema: { tags, body: profileUpdateRequest, response: { 200: userResponse } } },
      async (request, reply) => {
        const user = await users.updateProfile(ctx, sessionUser(request), request.body);
        return send(reply, 200, { user: toUser(user) }, messages.account.profileUpdated);
      },
    );

    app.put(
      '/users/me/password',
      { schema: { tags, body: passwordChangeRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => {
        await users.changePassword(ctx, sessionUser(request), request.body, sessionTokenHash(request));
        return send(reply, 200, null, messages.account.passwordUpdated);
      },
    );

    app.post(
      '/users/me/email-updates',
      { schema: { tags, body: emailRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => {
        await users.requestEmailUpdate(ctx, sessionUser(request), request.body.email);
        return send(reply, 200, null, messages.account.emailUpdateSent);
      },
    );

    app.put(
      '/users/me/avatar',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: userResponse } } },
      async (request, reply) => {
        const user = sessionUser(request);
        const upload = await readSingleFile(request, 'file', limits.avatarMaxBytes);
        const updated = await users.replaceAvatar(ctx, user, upload);
        return send(reply, 200, { user: toUser(updated) }, messages.account.avatarUpdated);
      },
    );
  };
}
