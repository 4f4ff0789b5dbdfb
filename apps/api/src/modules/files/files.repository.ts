import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

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
