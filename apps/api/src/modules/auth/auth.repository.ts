import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateCounters, passwordResets, sessions, userRegistrations, users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';
import { startTrial } from '../billing/billing.repository';

export type RegistrationRow = typeof userRegistrations.$inferSelect;

export async function findTakenIdentity(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
  return {
    usernameTaken: rows.some((row) => row.username === username),
    emailTaken: rows.some((row) => row.email === email),
  };
}

/** A new registration replaces any earlier one for the same e-mail. */
export async function insertRegistration(db: Db, values: typeof userRegistrations.$inferInsert): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    await tx.delete(userRegistrations).where(eq(userRegistrations.email, values.email));
    const [row] = await tx.insert(userRegistrations).values(values).returning();
    return row!;
  });
}

/**
 * Gives the registration a new token only when its last mail is older than the resend interval;
 * the condition in the UPDATE keeps concurrent resends from both passing.
 */
export async function renewRegistrationToken(
  db: Db,
  id: string,
  change: { tokenHash: string; expiresAt: Date; now: Date; sentBefore: Date },
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .update(userRegistrations)
    .set({ tokenHash: change.tokenHash, expiresAt: change.expiresAt, lastSentAt: change.now })
    .where(and(eq(userRegistrations.id, id), lte(userRegistrations.lastSentAt, change.sentBefore)))
    .returning();
  return row;
}

export async function registrationExists(db: Db, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: userRegistrations.id })
    .from(userRegistrations)
    .where(and(eq(userRegistrations.id, id), gt(userRegistrations.expiresAt, now)));
  return row !== undefined;
}

/**
 * Turns a valid registration into a user, with a trial of the default plan until `trialDueDate`,
 * in one transaction; undefined when the token is not valid now.
 */
export async function confirmRegistration(db: Db, tokenHash: string, now: Date, trialDueDate: string): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [registration] = await tx
      .delete(userRegistrations)
      .where(and(eq(userRegistrations.tokenHash, tokenHash), gt(userRegistrations.expiresAt, now)))
      .returning();
    if (!registration) return undefined;
    const [user] = await tx
      .insert(users)
      .values({
        username: registration.username,
        email: registration.email,
        passwordHash: registration.passwordHash,
        firstName: registration.firstName,
        lastName: registration.lastName,
      })
      .returning();
    await tx
      .delete(userRegistrations)
      .where(or(eq(userRegistrations.email, registration.email), eq(userRegistrations.username, registration.username)));
    await startTrial(tx, user!.id, trialDueDate);
    return user;
  });
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSessionUser(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepTokenHash}`));
}

export async function deleteExpiredRows(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
  await db.delete(userRegistrations).where(lte(userRegistrations.expiresAt, now));
  await db.delete(passwordResets).where(lte(passwordResets.expiresAt, now));
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db.delete(rateCounters).where(lte(rateCounters.windowStartedAt, dayAgo));
}

/** Keeps one temporary password per user: a new recovery replaces the previous one. */
export async function replacePasswordReset(db: Db, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, values.userId));
    await tx.insert(passwordResets).values(values);
  });
}

export async function findActivePasswordResets(db: Db, userId: string, now: Date) {
  return db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.expiresAt, now)));
}

export async function deletePasswordResets(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * Counts one attempt for a key, starting a new window when the previous one has passed, and
 * returns the count with this attempt included. One statement, so concurrent attempts each get
 * their own number.
 */
export async function countAttempt(db: Db, key: string, now: Date, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateCounters)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        attempts: sql`case when ${rateCounters.windowStartedAt} > ${windowStart} then ${rateCounters.attempts} + 1 else 1 end`,
        windowStartedAt: sql`case when ${rateCounters.windowStartedAt} > ${windowStart} then ${rateCounters.windowStartedAt} else ${now} end`,
      },
    })
    .returning({ attempts: rateCounters.attempts });
  return row!.attempts;
}

/** Takes back one counted attempt (a successful one). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ attempts: sql`greatest(${rateCounters.attempts} - 1, 0)` })
    .where(eq(rateCounters.key, key));
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}
