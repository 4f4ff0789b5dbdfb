import type { ProfileUpdate, User } from '@consultorio/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailUpdates, files, users } from '../../db/schema';
import type { NewStoredFile } from '../../platform/stored-files';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    title: row.title,
    birthdate: row.birthdate,
    document: row.document,
    cc: row.cc,
    phone: row.phone,
    country: row.country,
    profession: row.profession,
    avatarExternalKey: row.avatarExternalKey,
  };
}

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

export async function setPasswordHash(db: Db | Tx, id: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
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

/** Applies a pending e-mail change in one transaction; undefined when the token is not valid now. */
export async function applyEmailUpdate(db: Db, tokenHash: string, now: Date): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(emailUpdates)
      .where(and(eq(emailUpdates.tokenHash, tokenHash), gt(emailUpdates.expiresAt, now)))
      .returning();
    if (!pending) return undefined;
    const [row] = await tx
      .update(users)
      .set({ email: pending.email, updatedAt: now })
      .where(eq(users.id, pending.userId))
      .returning();
    return row;
  });
}

/** Records the new avatar file and points the user at it; returns the user and the replaced key. */
export async function replaceAvatar(
  db: Db,
  userId: string,
  file: NewStoredFile,
  now: Date,
): Promise<{ user: UserRow; previousKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const current = await findUserById(tx, userId);
    if (!current) return undefined;
    await tx.insert(files).values({ ...file, ownerId: userId });
    const [user] = await tx
      .update(users)
      .set({ avatarExternalKey: file.key, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    const previousKey = current.avatarExternalKey;
    if (previousKey) await tx.delete(files).where(and(eq(files.key, previousKey), eq(files.ownerId, userId)));
    return { user: user!, previousKey };
  });
}
