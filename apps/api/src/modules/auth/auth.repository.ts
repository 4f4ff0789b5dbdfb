import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../users/users.tables';
import { userRegistrations } from './auth.tables';

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

/** Registrations still waiting for their link (not expired) that hold the username or the e-mail. */
export async function findPendingRegistrations(db: Db, username: string, email: string, now: Date): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(userRegistrations)
    .where(and(or(eq(userRegistrations.username, username), eq(userRegistrations.email, email)), gt(userRegistrations.expiresAt, now)));
}

/** The registration waiting for its link (not expired) that holds the username. */
export async function findPendingRegistrationByUsername(db: Db, username: string, now: Date): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(userRegistrations)
    .where(and(eq(userRegistrations.username, username), gt(userRegistrations.expiresAt, now)));
  return row;
}

/** A new registration; expired ones for the same username or e-mail make way for it. */
export async function insertRegistration(db: Db, values: typeof userRegistrations.$inferInsert, now: Date): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    const sameIdentity = or(eq(userRegistrations.email, values.email), eq(userRegistrations.username, values.username));
    await tx.delete(userRegistrations).where(and(sameIdentity, lte(userRegistrations.expiresAt, now)));
    const [row] = await tx.insert(userRegistrations).values(values).returning();
    return row!;
  });
}

/**
 * Claims a new mail for the registration when its last one is older than the resend interval;
 * the condition in the UPDATE keeps concurrent resends from both passing.
 */
export async function claimResend(db: Db, id: string, change: { now: Date; sentBefore: Date }): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .update(userRegistrations)
    .set({ lastSentAt: change.now })
    .where(and(eq(userRegistrations.id, id), lte(userRegistrations.lastSentAt, change.sentBefore), gt(userRegistrations.expiresAt, change.now)))
    .returning();
  return row;
}

/** Gives a pending registration a new link (the earlier one stops working); undefined when it is gone. */
export async function setRegistrationToken(
  db: Db,
  id: string,
  change: { tokenHash: string; expiresAt: Date; now: Date },
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .update(userRegistrations)
    .set({ tokenHash: change.tokenHash, expiresAt: change.expiresAt })
    .where(and(eq(userRegistrations.id, id), gt(userRegistrations.expiresAt, change.now)))
    .returning();
  return row;
}

export async function findPendingRegistration(db: Db, id: string, now: Date): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(userRegistrations)
    .where(and(eq(userRegistrations.id, id), gt(userRegistrations.expiresAt, now)));
  return row;
}

/** Takes (deletes and answers) the registration the link confirms, when the link is valid now. */
export async function takeRegistration(tx: Tx, tokenHash: string, now: Date): Promise<RegistrationRow | undefined> {
  const [registration] = await tx
    .delete(userRegistrations)
    .where(and(eq(userRegistrations.tokenHash, tokenHash), gt(userRegistrations.expiresAt, now)))
    .returning();
  return registration;
}

/** Deletes the other registrations that hold the confirmed one's username or e-mail. */
export async function deleteRegistrationsLike(tx: Tx, registration: Pick<RegistrationRow, 'email' | 'username'>): Promise<void> {
  await tx
    .delete(userRegistrations)
    .where(or(eq(userRegistrations.email, registration.email), eq(userRegistrations.username, registration.username)));
}

export async function deleteExpiredRegistrations(db: Db, now: Date): Promise<void> {
  await db.delete(userRegistrations).where(lte(userRegistrations.expiresAt, now));
}
