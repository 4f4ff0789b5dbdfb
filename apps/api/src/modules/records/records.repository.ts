import type { RecordAttachment } from '@consultorio/shared';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { parseTimestamp } from '../../db/pg-dates';
import { patientSummaryColumns } from '../../db/selections';
import { files } from '../files/files.tables';
import { patients } from '../patients/patients.tables';
import { noteTemplatePreferences, noteTemplates, recordAddenda, recordAttachments, records, recordVersions } from './records.tables';

export type RecordRow = typeof records.$inferSelect;

export async function listPatientRecords(db: Db, ownerId: string, patientId: string): Promise<RecordRow[]> {
  return db
    .select()
    .from(records)
    .where(and(eq(records.ownerId, ownerId), eq(records.patientId, patientId)))
    .orderBy(desc(records.createdAt), desc(records.id));
}

/** A new record; one written with content (from a chat, from a template) starts its history with it. */
export async function insertRecord(
  db: Db | Tx,
  values: {
    ownerId: string;
    patientId: string;
    name: string;
    content?: string;
    aiAssistantName?: string | null;
    appointmentId?: string | null;
    sessionStartsAt?: Date | null;
  },
  now: Date,
): Promise<RecordRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(records)
      .values({ ...values, createdAt: now })
      .returning();
    if (row!.content) await tx.insert(recordVersions).values({ recordId: row!.id, version: row!.version, kind: 'save', content: row!.content, createdAt: now, savedAt: now });
    return row!;
  });
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

/** Renames the owner's record unless it is finalized (checked in the UPDATE itself); says which happened, undefined when not theirs. */
export async function renameRecord(db: Db, ownerId: string, id: string, name: string, now: Date): Promise<RecordRow | 'finalized' | undefined> {
  const [row] = await db
    .update(records)
    .set({ name, updatedAt: now })
    .where(and(eq(records.id, id), eq(records.ownerId, ownerId), isNull(records.finalizedAt)))
    .returning();
  if (row) return row;
  const [existing] = await db.select({ id: records.id }).from(records).where(and(eq(records.id, id), eq(records.ownerId, ownerId)));
  return existing ? 'finalized' : undefined;
}

/** The owner's record, locked to be deleted, with the storage keys of its attachments; undefined when not theirs. */
export async function lockDoomedRecord(tx: Tx, ownerId: string, id: string): Promise<{ attachedKeys: string[] } | undefined> {
  const [record] = await tx
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.id, id), eq(records.ownerId, ownerId)))
    .for('update');
  if (!record) return undefined;
  const attached = await tx.select({ key: recordAttachments.fileKey }).from(recordAttachments).where(eq(recordAttachments.recordId, id));
  return { attachedKeys: attached.map((row) => row.key) };
}

/** Deletes the record (its versions and addenda by cascade). */
export async function deleteRecord(tx: Tx, id: string): Promise<void> {
  await tx.delete(records).where(eq(records.id, id));
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

/**
 * The owner's record, locked against a finalization while a file is attached (the lock makes a
 * finalization wait or win); undefined when it is gone or not theirs.
 */
export async function lockRecordToAttach(tx: Tx, ownerId: string, recordId: string) {
  const [record] = await tx
    .select({ patientId: records.patientId, finalizedAt: records.finalizedAt })
    .from(records)
    .where(and(eq(records.id, recordId), eq(records.ownerId, ownerId)))
    .for('share');
  return record;
}

/** Attaches a stored file (its row already recorded) to the record, and moves the record's last update. */
export async function insertAttachment(tx: Tx, attachment: { recordId: string; fileKey: string; basename: string }, now: Date): Promise<void> {
  await tx.insert(recordAttachments).values({ ...attachment, createdAt: now });
  await touchRecord(tx, attachment.recordId, now);
}

/** The owner's attachment with its record's patient and finalization; undefined when not theirs. */
export async function findOwnedAttachment(tx: Tx, ownerId: string, attachmentId: string) {
  const [found] = await tx
    .select({ key: recordAttachments.fileKey, recordId: recordAttachments.recordId, patientId: records.patientId, finalizedAt: records.finalizedAt })
    .from(recordAttachments)
    .innerJoin(records, eq(records.id, recordAttachments.recordId))
    .where(and(eq(recordAttachments.id, attachmentId), eq(records.ownerId, ownerId)));
  return found;
}

/** Moves the record's last update (an attachment added or removed). */
export async function touchRecord(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(records).set({ updatedAt: now }).where(eq(records.id, id));
}

export type RecordVersionRow = typeof recordVersions.$inferSelect;
export type RecordAddendumRow = typeof recordAddenda.$inferSelect;

/**
 * Autosaves within this long of a stretch's first one update its version instead of adding one,
 * so that editing keeps a version at least this often.
 */
const AUTOSAVE_STRETCH_MS = 2 * 60 * 1000;

async function lockOwnedRecord(tx: Tx, ownerId: string, id: string): Promise<RecordRow | undefined> {
  const [row] = await tx
    .select()
    .from(records)
    .where(and(eq(records.id, id), eq(records.ownerId, ownerId)))
    .for('update');
  return row;
}

export type ContentChange = RecordRow | 'finalized' | 'conflict' | undefined;

/** A statement of another module to run with the change, when its condition (SQL) holds: the access log's insert. */
type AlsoRun = (onlyIf: SQL) => SQL;

type Timestamp = string | Date;
const toDate = (value: Timestamp): Date => (value instanceof Date ? value : parseTimestamp(value));

/** A row of `changeContent`'s statement: the record as it was (`current_…`), and as updated (null when it was not). */
interface ChangedRow {
  current_finalized_at: Timestamp | null;
  id: string | null;
  owner_id: string;
  patient_id: string;
  name: string;
  ai_assistant_name: string | null;
  version: number;
  finalized_at: Timestamp | null;
  content_sha256: string | null;
  appointment_id: string | null;
  session_starts_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp | null;
}

/**
 * Replaces the content of the owner's record if it is still at `version` and not finalized, keeps
 * the new content in the history, and runs `alsoRun` (the access log's entry) when it did; says
 * why not otherwise (undefined: not theirs). One statement, so one round trip and atomic without
 * a transaction: the record's row is locked first (`cur`), and every write depends on the update
 * (`upd`) having been made.
 *
 * History: a save or a restore adds a version; an autosave joins its stretch (the latest version,
 * an autosave started less than AUTOSAVE_STRETCH_MS ago), unless the text before it must stay as
 * it was (`keepBefore`: it removed much text), in which case that text is a version of its own
 * (added when the latest version is not it) and the new content starts a new one.
 */
export async function changeContent(
  db: Db,
  ownerId: string,
  id: string,
  change: { content: string; version: number; kind: RecordVersionRow['kind']; keepBefore: boolean },
  alsoRun: AlsoRun | undefined,
  now: Date,
): Promise<ContentChange> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const stretchStart = sql`${new Date(now.getTime() - AUTOSAVE_STRETCH_MS).toISOString()}::timestamptz`;
  // Both drivers answer a raw statement with its rows in `rows` (node-postgres' QueryResult, PGlite's Results).
  const result = (await db.execute(sql`
    with cur as (
      select id, version, finalized_at, content from ${records} where id = ${id}::uuid and owner_id = ${ownerId}::uuid for update
    ), upd as (
      update ${records} as r set content = ${change.content}, version = cur.version + 1, updated_at = ${at}
      from cur where r.id = cur.id and cur.version = ${change.version}::int and cur.finalized_at is null
      returning r.*
    ), latest as (
      select id, kind, content, created_at from ${recordVersions} where record_id = ${id}::uuid order by saved_at desc, version desc limit 1
    ), kept_before as (
      insert into ${recordVersions} (record_id, version, kind, content, created_at, saved_at)
      select cur.id, cur.version, 'save', cur.content, ${at}, ${at} from cur, upd
      where ${change.keepBefore}::boolean and not exists (select 1 from latest where latest.content = cur.content)
    ), joined as (
      update ${recordVersions} as v set content = upd.content, version = upd.version, saved_at = ${at}
      from upd, latest
      where v.id = latest.id and not ${change.keepBefore}::boolean and ${change.kind}::text = 'autosave'
        and latest.kind = 'autosave' and latest.created_at > ${stretchStart}
      returning v.id
    ), added as (
      insert into ${recordVersions} (record_id, version, kind, content, created_at, saved_at)
      select upd.id, upd.version, ${change.kind}::text, upd.content, ${at}, ${at} from upd where not exists (select 1 from joined)
    )${alsoRun ? sql`, also_run as (${alsoRun(sql`exists (select 1 from upd)`)})` : sql``}
    select cur.finalized_at as current_finalized_at,
      upd.id, upd.owner_id, upd.patient_id, upd.name, upd.ai_assistant_name, upd.version, upd.finalized_at,
      upd.content_sha256, upd.appointment_id, upd.session_starts_at, upd.created_at, upd.updated_at
    from cur left join upd on true`)) as { rows: ChangedRow[] };
  const [row] = result.rows;
  if (!row) return undefined;
  // A raw statement's timestamps: the text drizzle asks PGlite for, read as the columns read it
  // (db/columns.ts), or the pool's Date already read the same way (db/client.ts).
  const timestamp = (value: Timestamp | null) => (value === null ? null : toDate(value));
  if (row.current_finalized_at) return 'finalized';
  if (!row.id) return 'conflict';
  return {
    id: row.id,
    ownerId: row.owner_id,
    patientId: row.patient_id,
    name: row.name,
    // The content is the one just written: not sent back.
    content: change.content,
    aiAssistantName: row.ai_assistant_name,
    version: row.version,
    finalizedAt: timestamp(row.finalized_at),
    contentSha256: row.content_sha256,
    appointmentId: row.appointment_id,
    sessionStartsAt: timestamp(row.session_starts_at),
    createdAt: toDate(row.created_at),
    updatedAt: timestamp(row.updated_at),
  };
}

/** The record's versions, newest first (without their content). */
export async function listVersions(db: Db, recordId: string) {
  return db
    .select({ id: recordVersions.id, version: recordVersions.version, kind: recordVersions.kind, savedAt: recordVersions.savedAt })
    .from(recordVersions)
    .where(eq(recordVersions.recordId, recordId))
    .orderBy(desc(recordVersions.savedAt), desc(recordVersions.version));
}

export async function findVersion(db: Db, recordId: string, versionId: string): Promise<RecordVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(recordVersions)
    .where(and(eq(recordVersions.id, versionId), eq(recordVersions.recordId, recordId)));
  return row;
}

/** Finalizes the owner's record with the hash of its content; 'already' when it was; undefined when not theirs. */
export async function finalizeRecord(db: Db, ownerId: string, id: string, hash: (content: string) => string, now: Date): Promise<RecordRow | 'already' | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockOwnedRecord(tx, ownerId, id);
    if (!current) return undefined;
    if (current.finalizedAt) return 'already';
    const [row] = await tx
      .update(records)
      .set({ finalizedAt: now, contentSha256: hash(current.content) })
      .where(eq(records.id, id))
      .returning();
    return row;
  });
}

/** Adds an addendum to the owner's finalized record; 'not-finalized' before it is; undefined when not theirs. */
export async function insertAddendum(
  db: Db,
  ownerId: string,
  id: string,
  content: string,
  now: Date,
): Promise<{ addendum: RecordAddendumRow; record: RecordRow } | 'not-finalized' | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockOwnedRecord(tx, ownerId, id);
    if (!current) return undefined;
    if (!current.finalizedAt) return 'not-finalized';
    const [addendum] = await tx.insert(recordAddenda).values({ recordId: id, content, createdAt: now }).returning();
    await touchRecord(tx, id, now);
    return { addendum: addendum!, record: current };
  });
}

/** The record's addenda, oldest first. */
export async function listAddenda(db: Db, recordId: string): Promise<RecordAddendumRow[]> {
  return db.select().from(recordAddenda).where(eq(recordAddenda.recordId, recordId)).orderBy(asc(recordAddenda.createdAt), asc(recordAddenda.id));
}

// ---- note templates ----

export type NoteTemplateRow = typeof noteTemplates.$inferSelect;

/** The library's templates (in their order), then the owner's own (oldest first). */
export async function listNoteTemplates(db: Db, ownerId: string): Promise<NoteTemplateRow[]> {
  return db
    .select()
    .from(noteTemplates)
    .where(or(isNull(noteTemplates.ownerId), eq(noteTemplates.ownerId, ownerId)))
    .orderBy(sql`${noteTemplates.ownerId} is not null`, asc(noteTemplates.position), asc(noteTemplates.createdAt), asc(noteTemplates.id));
}

/** A library template or one of the owner's; undefined for another professional's or a missing one. */
export async function findVisibleNoteTemplate(db: Db, ownerId: string, id: string): Promise<NoteTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(noteTemplates)
    .where(and(eq(noteTemplates.id, id), or(isNull(noteTemplates.ownerId), eq(noteTemplates.ownerId, ownerId))));
  return row;
}

export async function findLibraryNoteTemplate(db: Db, key: string): Promise<NoteTemplateRow | undefined> {
  const [row] = await db.select().from(noteTemplates).where(and(eq(noteTemplates.key, key), isNull(noteTemplates.ownerId)));
  return row;
}

export async function insertNoteTemplate(db: Db, values: { ownerId: string; name: string; headings: string[] }, now: Date): Promise<NoteTemplateRow> {
  const [row] = await db
    .insert(noteTemplates)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

/** Changes the owner's template; undefined when it is not theirs (a library one included). */
export async function updateOwnNoteTemplate(db: Db, ownerId: string, id: string, values: { name: string; headings: string[] }): Promise<NoteTemplateRow | undefined> {
  const [row] = await db
    .update(noteTemplates)
    .set(values)
    .where(and(eq(noteTemplates.id, id), eq(noteTemplates.ownerId, ownerId)))
    .returning();
  return row;
}

/** Deletes the owner's template (and the preference naming it, by cascade); false when it is not theirs. */
export async function deleteOwnNoteTemplate(db: Db, ownerId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(noteTemplates)
    .where(and(eq(noteTemplates.id, id), eq(noteTemplates.ownerId, ownerId)))
    .returning({ id: noteTemplates.id });
  return removed.length > 0;
}

/** The template the owner chose for session notes, if any. */
export async function findDefaultNoteTemplateId(db: Db, ownerId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: noteTemplatePreferences.defaultTemplateId }).from(noteTemplatePreferences).where(eq(noteTemplatePreferences.ownerId, ownerId));
  return row?.id;
}

export async function saveDefaultNoteTemplate(db: Db, ownerId: string, templateId: string): Promise<void> {
  await db
    .insert(noteTemplatePreferences)
    .values({ ownerId, defaultTemplateId: templateId })
    .onConflictDoUpdate({ target: noteTemplatePreferences.ownerId, set: { defaultTemplateId: templateId } });
}
