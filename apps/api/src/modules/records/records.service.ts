import { createHash } from 'node:crypto';
import {
  limits,
  messages,
  noteTemplateHtml,
  ptBrDateFormat,
  type ClinicalRecord,
  type NoteTemplate,
  type NoteTemplateRequest,
  type RecordCreateRequest,
  type PatientSummary,
  type RecordAddendum,
  type RecordAttachment,
  type RecordVersion,
  type RecordVersionSummary,
} from '@consultorio/shared';
import { accessActor, noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { defineHook } from '../../platform/hooks';
import { sanitizeRecordHtml } from '../../platform/sanitize-html';
import { keepStoredFile, removeStoredFiles, storeUploadedFile } from '../../platform/stored-files';
import type { ReadEachFile, Upload } from '../../platform/uploads';
import { appointmentOfPatient, markHeldByNote } from '../agenda/agenda.service';
import { entriesInsert } from '../audit/audit.service';
import { forgetStoredFiles, recordStoredFile } from '../files/files.service';
import { ownedPatient, toPatientSummary } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import { removesMuchText } from './record-history';
import * as repo from './records.repository';
import type { NoteTemplateRow, RecordAddendumRow, RecordRow } from './records.repository';

export type { RecordRow };

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
    version: row.version,
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    contentSha256: row.contentSha256,
    appointmentId: row.appointmentId,
    sessionDate: row.sessionStartsAt?.toISOString() ?? null,
  };
}

function toAddendum(row: RecordAddendumRow): RecordAddendum {
  return { id: row.id, content: row.content, createdAt: row.createdAt.toISOString() };
}

/** SHA-256 of a record's content, as it is stored (UTF-8), in hex. */
export function contentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

function noteRecord(record: Pick<RecordRow, 'id' | 'patientId'>, action: 'read' | 'create' | 'update' | 'delete'): void {
  noteAccess({ patientId: record.patientId, action, entityType: 'record', entityId: record.id });
}

/**
 * Rich text as a record stores it: reduced to the editor's formats (scripts, handlers and styles
 * never reach the database) and within the length limit, which escaping can push text past.
 */
export function checkedRecordHtml(html: string): string {
  const content = sanitizeRecordHtml(html);
  if (content.length > limits.recordContentMaxChars) throw new AppError('VALIDATION', messages.validation.recordContentTooLong);
  return content;
}

export async function listRecords(
  ctx: Context,
  ownerId: string,
  patientId: string,
): Promise<{ records: ClinicalRecord[]; patient: PatientSummary }> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const rows = await repo.listPatientRecords(ctx.db, ownerId, patientId);
  noteAccess({ patientId, action: 'read', entityType: 'record', entityId: 'list' });
  return { records: rows.map(toRecord), patient: toPatientSummary(patient) };
}

/** How a session note is named when no name is given: by its session's day and time in the professional's zone. */
function sessionNoteName(startsAt: Date, timeZone: string): string {
  const when = ptBrDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(startsAt);
  return messages.records.sessionNoteName(when);
}

/**
 * A free record, or the session note ('evolução') of one of the patient's appointments: named and
 * dated by it, its text from the template asked for or the professional's default, and the
 * appointment, once started, marked attended (the session was held). One note per appointment.
 */
export async function createRecord(ctx: Context, owner: SessionUser, patientId: string, request: RecordCreateRequest): Promise<ClinicalRecord> {
  await ownedPatient(ctx, owner.id, patientId);
  const appointment = request.appointmentId ? await appointmentOfPatient(ctx, owner.id, patientId, request.appointmentId) : null;
  // A cancelled appointment, or a request not yet approved, was no session.
  if (appointment && (appointment.status === 'cancelled' || appointment.status === 'requested')) throw new AppError('RECORD_APPOINTMENT_CLOSED');
  const template = request.noteTemplateId
    ? await visibleNoteTemplate(ctx, owner.id, request.noteTemplateId)
    : appointment
      ? await defaultNoteTemplate(ctx, owner.id)
      : null;
  const values = {
    ownerId: owner.id,
    patientId,
    name: request.name ?? sessionNoteName(appointment!.startsAt, owner.timeZone),
    ...(template ? { content: checkedRecordHtml(noteTemplateHtml(template.headings)) } : {}),
    ...(appointment ? { appointmentId: appointment.id, sessionStartsAt: appointment.startsAt } : {}),
  };
  const now = ctx.clock.now();
  try {
    const record = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertRecord(tx, values, now);
      if (appointment) await markHeldByNote(tx, owner.id, appointment.id, now);
      return inserted;
    });
    noteRecord(record, 'create');
    return toRecord(record);
  } catch (error) {
    if (isUniqueViolation(error, 'records_appointment_key')) throw new AppError('RECORD_APPOINTMENT_TAKEN');
    throw error;
  }
}

/** A record written for the professional (from a chat): its content is checked like the editor's. */
export async function createWrittenRecord(
  ctx: Context,
  values: { ownerId: string; patientId: string; name: string; html: string; aiAssistantName: string },
): Promise<ClinicalRecord> {
  const { html, ...rest } = values;
  const record = await repo.insertRecord(ctx.db, { ...rest, content: checkedRecordHtml(html) }, ctx.clock.now());
  noteRecord(record, 'create');
  return toRecord(record);
}

/** The professional's own record; another's or a missing one answers 404. */
export async function ownedRecord(ctx: Context, ownerId: string, id: string): Promise<RecordRow> {
  const record = await repo.findOwnedRecord(ctx.db, ownerId, id);
  if (!record) throw new AppError('RECORD_NOT_FOUND');
  return record;
}

export async function getRecord(ctx: Context, ownerId: string, id: string) {
  const found = await repo.findOwnedRecordWithPatient(ctx.db, ownerId, id);
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  const [attachments, addenda] = await Promise.all([repo.listAttachments(ctx.db, id), repo.listAddenda(ctx.db, id)]);
  noteRecord(found.record, 'read');
  return {
    record: toRecord(found.record),
    recordsAttachments: attachments,
    patient: toPatientSummary(found.patient),
    recordAddenda: addenda.map(toAddendum),
  };
}

/** A finalized record keeps its name (423), like its content. */
export async function renameRecord(ctx: Context, ownerId: string, id: string, name: string): Promise<ClinicalRecord> {
  const record = await repo.renameRecord(ctx.db, ownerId, id, name, ctx.clock.now());
  if (record === 'finalized') throw new AppError('RECORD_FINALIZED');
  if (!record) throw new AppError('RECORD_NOT_FOUND');
  noteRecord(record, 'update');
  return toRecord(record);
}

/**
 * Writes new content into the professional's record, read just before (`record`) to tell what the
 * save removes: the text before a save that removes more than 200 characters of it is kept in the
 * history. The write is one statement that also checks the version and the finalization again
 * (a save, a restore or a finalization may have come in between), keeps the history and writes
 * the access log's entry, so a save costs the session lookup, this read and this statement.
 */
async function writeContent(
  ctx: Context,
  ownerId: string,
  record: RecordRow,
  change: { content: string; version: number; kind: 'save' | 'autosave' | 'restore' },
): Promise<RecordRow> {
  if (record.finalizedAt) throw new AppError('RECORD_FINALIZED');
  if (record.version !== change.version) throw new AppError('RECORD_VERSION_CONFLICT');
  const now = ctx.clock.now();
  const actor = accessActor();
  const logEntry = actor
    ? entriesInsert(actor, [{ patientId: record.patientId, action: 'update', entityType: 'record', entityId: record.id }], now)
    : undefined;
  const changed = await repo.changeContent(ctx.db, ownerId, record.id, { ...change, keepBefore: removesMuchText(record.content, change.content) }, logEntry, now);
  if (changed === 'finalized') throw new AppError('RECORD_FINALIZED');
  if (changed === 'conflict') throw new AppError('RECORD_VERSION_CONFLICT');
  if (!changed) throw new AppError('RECORD_NOT_FOUND');
  return changed;
}

/**
 * Saves the editor's content if the record is still at the version it was edited from (409
 * otherwise: another window changed it, and nothing is stored) and not finalized (423). The
 * history keeps a version at least every 2 minutes of autosaves, and the text before any save
 * that removes more than 200 characters of it.
 */
export async function saveRecordContent(
  ctx: Context,
  ownerId: string,
  id: string,
  save: { content: string; version: number; autosave?: boolean | undefined },
): Promise<ClinicalRecord> {
  const content = checkedRecordHtml(save.content);
  const record = await ownedRecord(ctx, ownerId, id);
  return toRecord(await writeContent(ctx, ownerId, record, { content, version: save.version, kind: save.autosave ? 'autosave' : 'save' }));
}

export async function listVersions(ctx: Context, ownerId: string, id: string): Promise<RecordVersionSummary[]> {
  const record = await ownedRecord(ctx, ownerId, id);
  noteRecord(record, 'read');
  const rows = await repo.listVersions(ctx.db, id);
  return rows.map((row) => ({ id: row.id, version: row.version, kind: row.kind, createdAt: row.savedAt.toISOString() }));
}

async function ownedVersion(ctx: Context, ownerId: string, id: string, versionId: string) {
  const record = await ownedRecord(ctx, ownerId, id);
  const version = await repo.findVersion(ctx.db, id, versionId);
  if (!version) throw new AppError('VERSION_NOT_FOUND');
  return { record, version };
}

export async function getVersion(ctx: Context, ownerId: string, id: string, versionId: string): Promise<RecordVersion> {
  const { record, version } = await ownedVersion(ctx, ownerId, id, versionId);
  noteRecord(record, 'read');
  return { id: version.id, version: version.version, kind: version.kind, createdAt: version.savedAt.toISOString(), content: version.content };
}

/** Makes an earlier version the content again, itself kept as a new version. */
export async function restoreVersion(ctx: Context, ownerId: string, id: string, versionId: string, fromVersion: number): Promise<ClinicalRecord> {
  const { record, version } = await ownedVersion(ctx, ownerId, id, versionId);
  return toRecord(await writeContent(ctx, ownerId, record, { content: version.content, version: fromVersion, kind: 'restore' }));
}

/** Makes the content read-only and keeps its SHA-256; corrections are addenda from then on. */
export async function finalizeRecord(ctx: Context, ownerId: string, id: string): Promise<ClinicalRecord> {
  const finalized = await repo.finalizeRecord(ctx.db, ownerId, id, contentHash, ctx.clock.now());
  if (finalized === 'already') throw new AppError('RECORD_ALREADY_FINALIZED');
  if (!finalized) throw new AppError('RECORD_NOT_FOUND');
  noteRecord(finalized, 'update');
  return toRecord(finalized);
}

export async function addAddendum(ctx: Context, ownerId: string, id: string, html: string): Promise<RecordAddendum> {
  const added = await repo.insertAddendum(ctx.db, ownerId, id, checkedRecordHtml(html), ctx.clock.now());
  if (added === 'not-finalized') throw new AppError('RECORD_NOT_FINALIZED');
  if (!added) throw new AppError('RECORD_NOT_FOUND');
  noteRecord(added.record, 'update');
  return toAddendum(added.addendum);
}

/**
 * Announced in the transaction that deletes a record, before its row goes: a module that keeps
 * something of the record (the scribe's recordings) deletes it with it. A subscriber that forgets
 * stored files adds their keys to `forgottenKeys`; the objects are removed from storage once the
 * transaction has committed.
 */
export const recordDeleting = defineHook<{ ownerId: string; recordId: string; forgottenKeys: string[] }>('records.deleting');

export async function deleteRecord(ctx: Context, ownerId: string, id: string): Promise<void> {
  const record = await ownedRecord(ctx, ownerId, id);
  const keys = await ctx.db.transaction(async (tx) => {
    const doomed = await repo.lockDoomedRecord(tx, ownerId, id);
    if (!doomed) throw new AppError('RECORD_NOT_FOUND');
    const forgottenKeys = await forgetStoredFiles(tx, ownerId, doomed.attachedKeys);
    await ctx.hooks.emit(recordDeleting, tx, { ownerId, recordId: id, forgottenKeys });
    await repo.deleteRecord(tx, id);
    return forgottenKeys;
  });
  noteRecord(record, 'delete');
  await removeStoredFiles(ctx, keys);
}

/** Stores one uploaded file and attaches it to the owner's record; returns its storage key. */
async function attachFile(ctx: Context, ownerId: string, recordId: string, upload: Upload): Promise<string> {
  const { basename, ...file } = await storeUploadedFile(ctx, 'att', upload);
  const attached = await keepStoredFile(ctx, file.key, () =>
    ctx.db.transaction(async (tx) => {
      const record = await repo.lockRecordToAttach(tx, ownerId, recordId);
      if (!record) return undefined;
      if (record.finalizedAt) throw new AppError('RECORD_FINALIZED');
      const now = ctx.clock.now();
      await recordStoredFile(tx, { ownerId, patientId: record.patientId }, file, now);
      await repo.insertAttachment(tx, { recordId, fileKey: file.key, basename }, now);
      return true;
    }),
  );
  if (!attached) throw new AppError('RECORD_NOT_FOUND');
  return file.key;
}

/**
 * Attaches every file of an upload to the professional's record, or none: when the request fails
 * part-way (the 11th file, a file over the limit, a broken body), the files it already attached
 * are removed again. Nothing is read for another's record, nor for a finalized one (423: its
 * attachments are kept as they were, none added or removed). Answers the record's attachments.
 */
export async function attachFiles(
  ctx: Context,
  ownerId: string,
  recordId: string,
  readEach: ReadEachFile,
): Promise<{ count: number; attachments: RecordAttachment[] }> {
  const record = await ownedRecord(ctx, ownerId, recordId);
  if (record.finalizedAt) throw new AppError('RECORD_FINALIZED');
  const attachedKeys: string[] = [];
  try {
    const count = await readEach(async (upload) => {
      attachedKeys.push(await attachFile(ctx, ownerId, recordId, upload));
    });
    if (count === 0) throw new AppError('ATTACHMENTS_MISSING');
    noteRecord(record, 'update');
    return { count, attachments: await repo.listAttachments(ctx.db, recordId) };
  } catch (error) {
    await forgetStoredFiles(ctx.db, ownerId, attachedKeys);
    await removeStoredFiles(ctx, attachedKeys);
    throw error;
  }
}

export async function deleteAttachment(ctx: Context, ownerId: string, attachmentId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const found = await repo.findOwnedAttachment(tx, ownerId, attachmentId);
    if (!found) throw new AppError('ATTACHMENT_NOT_FOUND');
    if (found.finalizedAt) throw new AppError('RECORD_FINALIZED');
    // The attachment goes with its file's row, by cascade.
    await forgetStoredFiles(tx, ownerId, [found.key]);
    await repo.touchRecord(tx, found.recordId, ctx.clock.now());
    return found;
  });
  noteRecord({ id: removed.recordId, patientId: removed.patientId }, 'update');
  await removeStoredFiles(ctx, [removed.key]);
}

/** The patient's records for the export of their file: latest content, addenda and attachments, oldest first. */
export async function exportRecords(ctx: Context, ownerId: string, patientId: string) {
  const rows = (await repo.listPatientRecords(ctx.db, ownerId, patientId)).reverse();
  return Promise.all(
    rows.map(async (row) => {
      const [attachments, addenda] = await Promise.all([repo.listAttachments(ctx.db, row.id), repo.listAddenda(ctx.db, row.id)]);
      return { record: toRecord(row), addenda: addenda.map(toAddendum), attachments };
    }),
  );
}

// ---- note templates ----

/** The library's template session notes start from until the professional chooses another (db/seeds/note-templates.json). */
const LIBRARY_DEFAULT_KEY = 'evolucao-cfp';

function toNoteTemplate(row: NoteTemplateRow): NoteTemplate {
  return { id: row.id, name: row.name, headings: row.headings, isLibrary: row.ownerId === null };
}

async function visibleNoteTemplate(ctx: Context, ownerId: string, id: string): Promise<NoteTemplateRow> {
  const template = await repo.findVisibleNoteTemplate(ctx.db, ownerId, id);
  if (!template) throw new AppError('NOTE_TEMPLATE_NOT_FOUND');
  return template;
}

/** The professional's chosen template, or the library's 'Evolução'. */
async function defaultNoteTemplate(ctx: Context, ownerId: string): Promise<NoteTemplateRow> {
  const chosen = await repo.findDefaultNoteTemplateId(ctx.db, ownerId);
  const template = chosen ? await repo.findVisibleNoteTemplate(ctx.db, ownerId, chosen) : await repo.findLibraryNoteTemplate(ctx.db, LIBRARY_DEFAULT_KEY);
  if (!template) throw new Error(`the library note template '${LIBRARY_DEFAULT_KEY}' is missing (db/seed.ts)`);
  return template;
}

/**
 * The template a drafted session note follows (the AI scribe): the one chosen for it, while it is
 * still there; else the professional's default.
 */
export async function draftNoteTemplate(ctx: Context, ownerId: string, chosenId: string | null = null): Promise<NoteTemplate> {
  const chosen = chosenId ? await repo.findVisibleNoteTemplate(ctx.db, ownerId, chosenId) : undefined;
  return toNoteTemplate(chosen ?? (await defaultNoteTemplate(ctx, ownerId)));
}

/** A note template the professional may use (the library's or their own), or 404. */
export async function usableNoteTemplate(ctx: Context, ownerId: string, id: string): Promise<NoteTemplate> {
  return toNoteTemplate(await visibleNoteTemplate(ctx, ownerId, id));
}

export async function listNoteTemplates(ctx: Context, ownerId: string): Promise<{ noteTemplates: NoteTemplate[]; defaultNoteTemplateId: string }> {
  const [rows, chosen] = await Promise.all([repo.listNoteTemplates(ctx.db, ownerId), defaultNoteTemplate(ctx, ownerId)]);
  return { noteTemplates: rows.map(toNoteTemplate), defaultNoteTemplateId: chosen.id };
}

export async function createNoteTemplate(ctx: Context, ownerId: string, request: NoteTemplateRequest): Promise<NoteTemplate> {
  return toNoteTemplate(await repo.insertNoteTemplate(ctx.db, { ownerId, name: request.name, headings: request.headings }, ctx.clock.now()));
}

/** A library template answers 403 (read-only); another professional's, 404. */
async function ownNoteTemplate(ctx: Context, ownerId: string, id: string): Promise<NoteTemplateRow> {
  const template = await visibleNoteTemplate(ctx, ownerId, id);
  if (template.ownerId === null) throw new AppError('NOTE_TEMPLATE_READ_ONLY');
  return template;
}

export async function updateNoteTemplate(ctx: Context, ownerId: string, id: string, request: NoteTemplateRequest): Promise<NoteTemplate> {
  await ownNoteTemplate(ctx, ownerId, id);
  const updated = await repo.updateOwnNoteTemplate(ctx.db, ownerId, id, { name: request.name, headings: request.headings });
  if (!updated) throw new AppError('NOTE_TEMPLATE_NOT_FOUND');
  return toNoteTemplate(updated);
}

/** Deleting the default template makes the library's 'Evolução' the default again; records made from it keep their text. */
export async function deleteNoteTemplate(ctx: Context, ownerId: string, id: string): Promise<void> {
  await ownNoteTemplate(ctx, ownerId, id);
  if (!(await repo.deleteOwnNoteTemplate(ctx.db, ownerId, id))) throw new AppError('NOTE_TEMPLATE_NOT_FOUND');
}

export async function setDefaultNoteTemplate(ctx: Context, ownerId: string, id: string): Promise<NoteTemplate> {
  const template = await visibleNoteTemplate(ctx, ownerId, id);
  await repo.saveDefaultNoteTemplate(ctx.db, ownerId, template.id);
  return toNoteTemplate(template);
}
