import { and, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withLeanRowMapping } from '../../db/lean-rows';
import { preparedPer } from '../../db/prepared';
import { users } from '../users/users.tables';
import { sessions } from './sessions.tables';

/** The user a session belongs to, as the session scope hands it to every route. */
export type SessionUser = typeof users.$inferSelect;

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

function prepareFindSessionUser(db: Db) {
  const now = sql.placeholder('now');
  const prepared = db
    .select({
      user: users,
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .prepare('find_session_user');
  return withLeanRowMapping(prepared);
}

const preparedLookup = preparedPer(prepareFindSessionUser);

/**
 * A session that has passed neither its idle nor its absolute limit, with its user. Run by every
 * write and every read the session cache does not answer: prepared once per database.
 */
export async function findSessionUser(db: Db, tokenHash: string, now: Date) {
  const [row] = await preparedLookup(db).execute({ tokenHash, now });
  return row;
}

/** Records a use of the session: when, from where, and its idle limit moved forward. */
export async function touchSession(db: Db, tokenHash: string, use: { expiresAt: Date; lastUsedAt: Date; ip: string }): Promise<void> {
  await db.update(sessions).set(use).where(eq(sessions.tokenHash, tokenHash));
}

/** The user's open sessions, most recently used first. */
export async function listUserSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
}

/** Ends one of the user's sessions by its id; false when it is not theirs (or already gone). */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now)));
}
