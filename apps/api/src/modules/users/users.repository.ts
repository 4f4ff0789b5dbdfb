import type { ProfileUpdate } from '@consultorio/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailUpdates, passwordResets, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'username' | 'email' | 'passwordHash' | 'firstName' | 'lastName'>;

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function updateProfile(db: Db, id: string, profile: ProfileUpdate, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...profile, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets the account's password; `required` says whether it must be replaced before anything else (a recovery password). */
export async function setPasswordHash(
  db: Db | Tx,
  id: string,
  change: { passwordHash: string; required: boolean },
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: change.passwordHash, passwordChangeRequired: change.required, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertEmailUpdate(
  db: Db,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(emailUpdates).where(eq(emailUpdates.userId, values.userId));
    await tx.insert(emailUpdates).values(values);
  });
}

/** Gives the user's pending e-mail change a new link; undefined when there is none (or it expired). */
export async function setEmailUpdateToken(db: Db, userId: string, change: { tokenHash: string; now: Date }) {
  const [row] = await db
    .update(emailUpdates)
    .set({ tokenHash: change.tokenHash })
    .where(and(eq(emailUpdates.userId, userId), gt(emailUpdates.expiresAt, change.now)))
    .returning();
  return row;
}

/**
 * Applies a pending e-mail change in one transaction; returns the user as changed and the address
 * it had, or undefined when the token is not valid now.
 */
export async function applyEmailUpdate(db: Db, tokenHash: string, now: Date): Promise<{ user: UserRow; previousEmail: string } | undefined> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(emailUpdates)
      .where(and(eq(emailUpdates.tokenHash, tokenHash), gt(emailUpdates.expiresAt, now)))
      .returning();
    if (!pending) return undefined;
    const [previous] = await tx.select({ email: users.email }).from(users).where(eq(users.id, pending.userId)).for('update');
    const [row] = await tx
      .update(users)
      .set({ email: pending.email, updatedAt: now })
      .where(eq(users.id, pending.userId))
      .returning();
    return row && previous ? { user: row, previousEmail: previous.email } : undefined;
  });
}

/** Points the user at a new avatar; answers the user as changed and the key it replaced, undefined when the user is gone. */
export async function setAvatar(tx: Tx, userId: string, key: string, now: Date): Promise<{ user: UserRow; previousKey: string | null } | undefined> {
  const [current] = await tx.select({ key: users.avatarExternalKey }).from(users).where(eq(users.id, userId)).for('update');
  if (!current) return undefined;
  const [user] = await tx.update(users).set({ avatarExternalKey: key, updatedAt: now }).where(eq(users.id, userId)).returning();
  return { user: user!, previousKey: current.key };
}

/** A new account, from a confirmed registration; answers its id. */
export async function insertUser(tx: Tx, values: NewUser): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
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

export async function deleteExpiredRecoveries(db: Db, now: Date): Promise<void> {
  await db.delete(passwordResets).where(lte(passwordResets.expiresAt, now));
  await db.delete(emailUpdates).where(lte(emailUpdates.expiresAt, now));
}

/** The professional whose booking page is at `slug` and on. */
export async function findUserByBookingSlug(db: Db, slug: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.bookingSlug, slug), eq(users.bookingEnabled, true)));
  return row;
}
