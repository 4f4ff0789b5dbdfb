import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordingChunks, recordings } from './recordings.tables';

export type RecordingRow = typeof recordings.$inferSelect;
export type RecordingChange = Partial<Omit<typeof recordings.$inferInsert, 'id' | 'ownerId' | 'patientId' | 'recordId' | 'createdAt'>>;

export interface ChunkInfo {
  n: number;
  fileKey: string;
}

export async function insertRecording(db: Db, values: { ownerId: string; patientId: string; recordId: string; consentedAt: Date }): Promise<RecordingRow> {
  const [row] = await db
    .insert(recordings)
    .values({ ...values, createdAt: values.consentedAt })
    .returning();
  return row!;
}

export async function findOwnedRecording(db: Db | Tx, ownerId: string, id: string): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId)));
  return row;
}

/** The owner's recording, locked until the transaction ends (a chunk, a finish or an accept at a time). */
export async function lockOwnedRecording(tx: Tx, ownerId: string, id: string): Promise<RecordingRow | undefined> {
  const [row] = await tx
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId)))
    .for('update');
  return row;
}

/** The recording, whoever owns it (for its job). */
export async function findRecording(db: Db, id: string): Promise<RecordingRow | undefined> {
  const [row] = await db.select().from(recordings).where(eq(recordings.id, id));
  return row;
}

export async function listRecordRecordings(db: Db, ownerId: string, recordId: string): Promise<RecordingRow[]> {
  return db
    .select()
    .from(recordings)
    .where(and(eq(recordings.recordId, recordId), eq(recordings.ownerId, ownerId)))
    .orderBy(desc(recordings.createdAt), desc(recordings.id));
}

export async function listPatientRecordings(db: Db, ownerId: string, patientId: string): Promise<RecordingRow[]> {
  return db
    .select()
    .from(recordings)
    .where(and(eq(recordings.patientId, patientId), eq(recordings.ownerId, ownerId)))
    .orderBy(asc(recordings.createdAt), asc(recordings.id));
}

export async function updateRecording(db: Db | Tx, id: string, change: RecordingChange): Promise<RecordingRow | undefined> {
  const [row] = await db.update(recordings).set(change).where(eq(recordings.id, id)).returning();
  return row;
}

/** Moves the recording on only from the state it is expected in (a job run twice does nothing the second time). */
export async function moveRecording(db: Db, id: string, from: RecordingRow['status'], change: RecordingChange): Promise<boolean> {
  const moved = await db
    .update(recordings)
    .set(change)
    .where(and(eq(recordings.id, id), eq(recordings.status, from)))
    .returning({ id: recordings.id });
  return moved.length > 0;
}

/** A ready draft not accepted yet, moved by `change` ('Refazer rascunho'); false when it was accepted or moved meanwhile. */
export async function moveUnacceptedDraft(db: Db, id: string, change: RecordingChange): Promise<boolean> {
  const moved = await db
    .update(recordings)
    .set(change)
    .where(and(eq(recordings.id, id), eq(recordings.status, 'ready'), isNull(recordings.acceptedAt)))
    .returning({ id: recordings.id });
  return moved.length > 0;
}

/** Marks a ready draft accepted at `now`, unless it was accepted or sent back to drafting meanwhile; answers whether it did. */
export async function claimAcceptance(db: Db, id: string, now: Date): Promise<boolean> {
  return moveUnacceptedDraft(db, id, { acceptedAt: now });
}

/** Undoes `claimAcceptance` when the record could not take the text. */
export async function releaseAcceptance(db: Db, id: string): Promise<void> {
  await db.update(recordings).set({ acceptedAt: null }).where(eq(recordings.id, id));
}

/** The ids of the record's recordings, locked until the transaction ends (the record is being deleted). */
export async function lockRecordRecordings(tx: Tx, ownerId: string, recordId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.recordId, recordId), eq(recordings.ownerId, ownerId)))
    .orderBy(asc(recordings.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function deleteRecording(tx: Tx, id: string): Promise<void> {
  await tx.delete(recordings).where(eq(recordings.id, id));
}

export async function listChunks(db: Db | Tx, recordingId: string): Promise<ChunkInfo[]> {
  return db
    .select({ n: recordingChunks.n, fileKey: recordingChunks.fileKey })
    .from(recordingChunks)
    .where(eq(recordingChunks.recordingId, recordingId))
    .orderBy(asc(recordingChunks.n));
}

/** How many chunks each recording has in storage. */
export async function countChunks(db: Db, recordingIds: readonly string[]): Promise<Map<string, number>> {
  if (recordingIds.length === 0) return new Map();
  const rows = await db
    .select({ recordingId: recordingChunks.recordingId, count: sql<number>`count(*)::int` })
    .from(recordingChunks)
    .where(inArray(recordingChunks.recordingId, [...recordingIds]))
    .groupBy(recordingChunks.recordingId);
  return new Map(rows.map((row) => [row.recordingId, Number(row.count)]));
}

/** The last chunk number received, so a reloaded page continues after it. */
export async function lastChunkNumbers(db: Db, recordingIds: readonly string[]): Promise<Map<string, number>> {
  if (recordingIds.length === 0) return new Map();
  const rows = await db
    .select({ recordingId: recordingChunks.recordingId, last: sql<number>`max(${recordingChunks.n})::int` })
    .from(recordingChunks)
    .where(inArray(recordingChunks.recordingId, [...recordingIds]))
    .groupBy(recordingChunks.recordingId);
  return new Map(rows.map((row) => [row.recordingId, Number(row.last)]));
}

export async function findChunk(tx: Tx, recordingId: string, n: number): Promise<ChunkInfo | undefined> {
  const [row] = await tx
    .select({ n: recordingChunks.n, fileKey: recordingChunks.fileKey })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.recordingId, recordingId), eq(recordingChunks.n, n)));
  return row;
}

/** How much audio the recording has: its bytes, and how many streams (files the browser began) they form. */
export async function audioSize(db: Db | Tx, recordingId: string): Promise<{ bytes: number; streams: number }> {
  const [row] = await db
    .select({
      bytes: sql<number>`coalesce(sum(${recordingChunks.byteSize}), 0)::float8`,
      streams: sql<number>`count(*) filter (where ${recordingChunks.startsStream})::int`,
    })
    .from(recordingChunks)
    .where(eq(recordingChunks.recordingId, recordingId));
  return { bytes: Number(row?.bytes ?? 0), streams: Number(row?.streams ?? 0) };
}

export async function insertChunk(
  tx: Tx,
  values: { recordingId: string; n: number; fileKey: string; byteSize: number; startsStream: boolean },
  now: Date,
): Promise<void> {
  await tx.insert(recordingChunks).values({ ...values, createdAt: now });
}

/** Recordings whose audio is due for deletion (accepted, past the retention days) and still has some. */
export async function recordingsWithExpiredAudio(db: Db, now: Date): Promise<Array<{ id: string; ownerId: string }>> {
  return db
    .selectDistinct({ id: recordings.id, ownerId: recordings.ownerId })
    .from(recordings)
    .innerJoin(recordingChunks, eq(recordingChunks.recordingId, recordings.id))
    .where(and(isNotNull(recordings.audioDeleteAt), lte(recordings.audioDeleteAt, now)));
}
