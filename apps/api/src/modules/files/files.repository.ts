import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files, type StoredFileValues } from '../../db/schema';

export async function findOwnedFile(db: Db, key: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.ownerId, ownerId)));
  return row;
}

/** Every stored object of the patient (avatar, record and chat attachments), oldest first. */
export async function listPatientFiles(db: Db, ownerId: string, patientId: string) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.patientId, patientId)))
    .orderBy(asc(files.createdAt), asc(files.key));
}

/** Records a stored object as the owner's file of the patient. */
export async function insertFile(db: Db | Tx, values: StoredFileValues & { ownerId: string; patientId: string | null; createdAt: Date }): Promise<void> {
  await db.insert(files).values(values);
}

/** Deletes the owner's file rows by storage key. */
export async function deleteOwnedFiles(db: Db | Tx, ownerId: string, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(files).where(and(eq(files.ownerId, ownerId), inArray(files.key, [...keys])));
}
