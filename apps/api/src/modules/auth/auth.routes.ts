import {
  confirmTokenRequest,
  emailRequest,
  loginRequest,
  messageEnvelope,
  messages,
  registrationRequest,
  registrationResponse,
  resendRegistrationRequest,
  userResponse,
} from '@consultorio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { clearSessionCookie, send, SESSION_COOKIE, setSessionCookie } from '../../platform/http';
import { toUser } from '../users/users.repository';
import * as auth from './auth.service';

const tags = ['auth'];

export function authRoutes(ctx: Context): FastifyPluginAsyncZod {
  const secureCookie = ctx.config.isHttps;
  return async (app) => {
    app.post(
      '/users/registrations',
      { schema: { tags, body: registrationRequest, response: { 201: registrationResponse } } },
      async (request, reply) => {
        const registration = await auth.register(ctx, request.body);
        return send(reply, 201, { userRegistration: registration }, messages.register.created);
      },
    );

    app.post(
      '/users/registrations/resend-email',
      { schema: { tags, body: resendRegistrationRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => {
        await auth.resendRegistrationMail(ctx, request.body.id);
        return send(reply, 200, null, messages.register.resent);
      },
    );

    app.post(
      '/users/registrations/confirm',
      { schema: { tags, body: confirmTokenRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => {
        await auth.confirmRegistration(ctx, request.body.confirmationToken);
        return send(reply, 200, null, messages.confirmation.registrationConfirmed);
      },
    );

    app.post(
      '/users/users-sessions',
      { schema: { tags, body: loginRequest, response: { 200: userResponse } } },
      async (request, reply) => {
        const session = await auth.login(ctx, request.body, request.ip);
        setSessionCookie(reply, session.token, session.maxAgeSeconds, secureCookie);
        return send(reply, 200, { user: toUser(session.user) });
      },
    );

    app.delete('/users/users-sessions', { schema: { tags, response: { 200: messageEnvelope } } }, async (request, reply) => {
      await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, secureCookie);
      return send(reply, 200, null, messages.success.loggedOut);
    });

    app.post(
      '/users/recover-username',
      { schema: { tags, body: emailRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => send(reply, 200, null, auth.recoverUsername(ctx, request.body.email)),
    );

    app.post(
      '/users/recover-password',
      { schema: { tags, body: emailRequest, response: { 200: messageEnvelope } } },
      async (request, reply) => send(reply, 200, null, auth.recoverPassword(ctx, request.body.email)),
    );
  };
}
