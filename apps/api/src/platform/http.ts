import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { UserRow } from '../modules/users/users.repository';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    session: { user: UserRow; tokenHash: string } | null;
  }
}

/** Sends the envelope every answer uses: `{ status, data, message? }`. */
export function send<T>(reply: FastifyReply, status: number, data: T, message?: string) {
  return reply.code(status).send(message === undefined ? { status, data } : { status, data, message });
}

export function sessionUser(request: FastifyRequest): UserRow {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session.user;
}

export function sessionTokenHash(request: FastifyRequest): string {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session.tokenHash;
}

/**
 * Set as a plain header rather than with `reply.setCookie`, whose cookies are written by an
 * onSend hook: a streamed answer (server-sent events) never runs it, and a session renewed by
 * such a request must still renew the browser's cookie.
 */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean) {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds } as const;
  reply.header('set-cookie', reply.server.serializeCookie(SESSION_COOKIE, token, options));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
