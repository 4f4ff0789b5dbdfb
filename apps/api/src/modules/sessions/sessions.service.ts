import { messages, type AccountSession } from '@consultorio/shared';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { FoundSession } from '../../platform/session-cache';
import { hashToken, newToken } from '../../platform/tokens';
import * as repo from './sessions.repository';
import type { SessionUser } from './sessions.repository';

export type { SessionUser };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session scope's onRequest hook before any route in it runs. */
    session: { user: SessionUser; tokenHash: string } | null;
  }
}

export interface NewSession {
  token: string;
  tokenHash: string;
  user: SessionUser;
  maxAgeSeconds: number;
}

/** Where a request comes from, as a session records it. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

/** The sooner of two dates. */
const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

function secondsUntil(date: Date, now: Date): number {
  return Math.max(0, Math.floor((date.getTime() - now.getTime()) / 1000));
}

export async function startSession(ctx: Context, user: SessionUser, client: Client): Promise<NewSession> {
  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = addSeconds(now, ctx.config.sessionTtlSeconds);
  const tokenHash = hashToken(token);
  await repo.insertSession(ctx.db, {
    tokenHash,
    userId: user.id,
    expiresAt,
    absoluteExpiresAt: addSeconds(now, ctx.config.sessionMaxAgeSeconds),
    lastUsedAt: now,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return { token, tokenHash, user, maxAgeSeconds: ctx.config.sessionTtlSeconds };
}

/** How often a session's last use is written: more often would cost a write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** A session valid now: read from the cache when allowed and there, else from the database (and cached). */
async function findValidSession(ctx: Context, tokenHash: string, now: Date, cached: boolean): Promise<FoundSession | undefined> {
  const kept = cached ? ctx.sessionCache.get(tokenHash) : undefined;
  if (kept) return kept.expiresAt > now && kept.absoluteExpiresAt > now ? kept : undefined;
  const ticket = ctx.sessionCache.ticket();
  const found = await repo.findSessionUser(ctx.db, tokenHash, now);
  // A write's lookup is not kept: its answer forgets the user's sessions anyway.
  if (found && cached) ctx.sessionCache.put(tokenHash, found, ticket);
  return found;
}

/**
 * The user of a session cookie. The session's idle limit slides forward (never past its absolute
 * limit) when less than half of it is left, and its last use is recorded every few minutes;
 * `cookieMaxAge` is set when the cookie must be renewed too, or the browser would drop it on
 * the old date. With `cached`, a session looked up in the last moments may be reused without
 * asking the database (reads do; every write checks the database).
 */
export async function resolveSession(
  ctx: Context,
  token: string,
  ip: string,
  { cached = true }: { cached?: boolean } = {},
): Promise<{ user: SessionUser; tokenHash: string; cookieMaxAge: number | null } | null> {
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  const found = await findValidSession(ctx, tokenHash, now, cached);
  if (!found) return null;
  const ttlMs = ctx.config.sessionTtlSeconds * 1000;
  const extend = found.expiresAt.getTime() - now.getTime() < ttlMs / 2 && found.expiresAt < found.absoluteExpiresAt;
  const stale = now.getTime() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS;
  if (!extend && !stale) return { user: found.user, tokenHash, cookieMaxAge: null };
  const expiresAt = extend ? earliest(addSeconds(now, ctx.config.sessionTtlSeconds), found.absoluteExpiresAt) : found.expiresAt;
  await repo.touchSession(ctx.db, tokenHash, { expiresAt, lastUsedAt: now, ip });
  ctx.sessionCache.refresh(tokenHash, { expiresAt, lastUsedAt: now });
  return { user: found.user, tokenHash, cookieMaxAge: extend ? secondsUntil(expiresAt, now) : null };
}

export async function endSession(ctx: Context, token: string | undefined): Promise<void> {
  if (!token) return;
  const tokenHash = hashToken(token);
  await repo.deleteSession(ctx.db, tokenHash);
  ctx.sessionCache.forgetSession(tokenHash);
}

/**
 * Drops what this instance kept of the user's sessions, at once (other instances are told by the
 * database's notification): after any change to the user's row or sessions made here.
 */
export function forgetUserSessions(ctx: Context, userId: string): void {
  ctx.sessionCache.forgetUser(userId);
}

/** Ends every session of the user but the one given (the one making the change). */
export async function endOtherSessions(ctx: Context, userId: string, keepTokenHash: string): Promise<void> {
  await repo.deleteOtherSessions(ctx.db, userId, keepTokenHash);
  forgetUserSessions(ctx, userId);
}

/** 'Chrome 131 · Windows', from a user agent. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return messages.account.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = parsed.os.name ?? '';
  return [browser || messages.account.unknownDevice, system].filter(Boolean).join(' · ');
}

/** The user's open sessions, the current one marked, most recently used first. */
export async function listSessions(ctx: Context, userId: string, currentTokenHash: string): Promise<AccountSession[]> {
  const rows = await repo.listUserSessions(ctx.db, userId, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    ip: row.ip,
    lastUsedAt: row.lastUsedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    current: row.tokenHash === currentTokenHash,
  }));
}

/** Ends one of the user's sessions (404 for another's); true when it was the current one. */
export async function endSessionById(ctx: Context, userId: string, id: string, currentTokenHash: string): Promise<boolean> {
  const sessions = await repo.listUserSessions(ctx.db, userId, ctx.clock.now());
  const isCurrent = sessions.some((session) => session.id === id && session.tokenHash === currentTokenHash);
  if (!(await repo.deleteUserSession(ctx.db, userId, id))) throw new AppError('NOT_FOUND');
  forgetUserSessions(ctx, userId);
  return isCurrent;
}

export async function purgeExpiredSessions(ctx: Context): Promise<void> {
  await repo.deleteExpiredSessions(ctx.db, ctx.clock.now());
}

/** The session's user; inside the session scope there always is one. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session.user;
}

export function sessionTokenHash(request: FastifyRequest): string {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session.tokenHash;
}
