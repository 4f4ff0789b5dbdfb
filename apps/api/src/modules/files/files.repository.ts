import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files } from './files.tables';

export type NewFileRow = typeof files.$inferInsert;

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

export async function insertFile(db: Db | Tx, values: NewFileRow): Promise<void> {
  await db.insert(files).values(values);
}

/** Deletes the owner's rows of these keys (and by cascade the attachments that name them); answers the keys deleted. */
export async function deleteOwnedFiles(db: Db | Tx, ownerId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const deleted = await db
    .delete(files)
    .where(and(inArray(files.key, [...keys]), eq(files.ownerId, ownerId)))
    .returning({ key: files.key });
  return deleted.map((row) => row.key);
}

/** Deletes the rows of every stored object of the owner's patient; answers their keys. */
export async function deletePatientFiles(db: Db | Tx, ownerId: string, patientId: string): Promise<string[]> {
  const deleted = await db
    .delete(files)
    .where(and(eq(files.patientId, patientId), eq(files.ownerId, ownerId)))
    .returning({ key: files.key });
  return deleted.map((row) => row.key);
}
