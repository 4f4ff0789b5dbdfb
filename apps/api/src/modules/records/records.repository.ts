import type { ClinicalRecord, RecordAttachment } from '@consultorio/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, patients, recordAttachments, records } from '../../db/schema';
import type { NewStoredFile } from '../../platform/stored-files';
import { patientSummaryColumns } from '../patients/patients.repository';

export type RecordRow = typeof records.$inferSelect;

export function toRecord(row: RecordRow): ClinicalRecord {
  return {
    id: row.id,
    name: row.name,
    patientId: row.patientId,
    content: row.content,
    creationDate: row.createdAt.toISOString(),
    lastUpdateDate: row.updatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    aiAssistantName: row.aiAssistantName,
  };
}

export async function listPatientRecords(db: Db, ownerId: string, patientId: string): Promise<RecordRow[]> {
  return db
    .select()
    .from(records)
    .where(and(eq(records.ownerId, ownerId), eq(records.patientId, patientId)))
    .orderBy(desc(records.createdAt), desc(records.id));
}

export async function insertRecord(
  db: Db,
  values: { ownerId: string; patientId: string; name: string; content?: string; aiAssistantName?: string | null },
  now: Date,
): Promise<RecordRow> {
  const [row] = await db
    .insert(records)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

export async function findOwnedRecord(db: Db, ownerId: string, id: string): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(records)
    .where(and(eq(records.id, id), eq(records.ownerId, ownerId)));
  return row;
}

/** The owner's record with its patient's names, in one query; undefined when it is not theirs. */
export async function findOwnedRecordWithPatient(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select({ record: records, patient: patientSummaryColumns })
    .from(records)
    .innerJoin(patients, eq(patients.id, records.patientId))
    .where(and(eq(records.id, id), eq(records.ownerId, ownerId)));
  return row;
}

export async function updateRecord(
  db: Db,
  ownerId: string,
  id: string,
  changes: { name?: string; content?: string },
  now: Date,
): Promise<RecordRow | undefined> {
  const [row] = await db
    .update(records)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(records.id, id), eq(records.ownerId, ownerId)))
    .returning();
  return row;
}

/** Deletes the record with its attachments' rows; returns their storage keys, or undefined when not the owner's. */
export async function deleteRecord(db: Db, ownerId: string, id: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.id, id), eq(records.ownerId, ownerId)))
      .for('update');
    if (!record) return undefined;
    const attached = tx.select({ key: recordAttachments.fileKey }).from(recordAttachments).where(eq(recordAttachments.recordId, id));
    const removed = await tx
      .delete(files)
      .where(and(inArray(files.key, attached), eq(files.ownerId, ownerId)))
      .returning({ key: files.key });
    await tx.delete(records).where(eq(records.id, id));
    return removed.map((file) => file.key);
  });
}

export async function listAttachments(db: Db, recordId: string): Promise<RecordAttachment[]> {
  const rows = await db
    .select({ attachment: recordAttachments, file: files })
    .from(recordAttachments)
    .innerJoin(files, eq(files.key, recordAttachments.fileKey))
    .where(eq(recordAttachments.recordId, recordId))
    .orderBy(asc(recordAttachments.createdAt), asc(recordAttachments.basename));
  return rows.map(({ attachment, file }) => ({
    id: attachment.id,
    basename: attachment.basename,
    externalKey: attachment.fileKey,
    contentType: file.contentType,
    byteSize: file.byteSize,
    createdAt: attachment.createdAt.toISOString(),
  }));
}

/** Records a stored file as an attachment of the owner's record; false when the record is gone or not theirs. */
export async function insertAttachment(
  db: Db,
  ownerId: string,
  recordId: string,
  file: NewStoredFile & { basename: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select({ patientId: records.patientId })
      .from(records)
      .where(and(eq(records.id, recordId), eq(records.ownerId, ownerId)))
      .for('share');
    if (!record) return false;
    const { basename, ...stored } = file;
    await tx.insert(files).values({ ...stored, ownerId, patientId: record.patientId, createdAt: now });
    await tx.insert(recordAttachments).values({ recordId, fileKey: stored.key, basename, createdAt: now });
    await tx.update(records).set({ updatedAt: now }).where(eq(records.id, recordId));
    return true;
  });
}

/** Deletes the owner's attachment (its file row, and the attachment by cascade); returns the storage key. */
export async function deleteAttachment(db: Db, ownerId: string, attachmentId: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ key: recordAttachments.fileKey, recordId: recordAttachments.recordId })
      .from(recordAttachments)
      .innerJoin(records, eq(records.id, recordAttachments.recordId))
      .where(and(eq(recordAttachments.id, attachmentId), eq(records.ownerId, ownerId)));
    if (!found) return undefined;
    await tx.delete(files).where(and(eq(files.key, found.key), eq(files.ownerId, ownerId)));
    await tx.update(records).set({ updatedAt: now }).where(eq(records.id, found.recordId));
    return found.key;
  });
}

/** Deletes the owner's files rows (and so their attachments) by storage key. */
export async function deleteOwnedFiles(db: Db, ownerId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(files).where(and(inArray(files.key, keys), eq(files.ownerId, ownerId)));
}
