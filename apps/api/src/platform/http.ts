import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'sid';

/** Sends the envelope every answer uses: `{ status, data, message? }`. */
export function send<T>(reply: FastifyReply, status: number, data: T, message?: string) {
  return reply.code(status).send(message === undefined ? { status, data } : { status, data, message });
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

/** RFC 6266: an ASCII fallback and the UTF-8 name; shown in the browser when `inline`, else saved. */
export function contentDisposition(filename: string, inline: boolean): string {
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
