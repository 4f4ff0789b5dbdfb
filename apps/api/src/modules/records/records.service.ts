import { limits, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { sanitizeRecordHtml } from '../../platform/sanitize-html';
import { keepStoredFile, removeStoredFiles, storeUploadedFile } from '../../platform/stored-files';
import type { Upload } from '../../platform/uploads';
import { getPatient } from '../patients/patients.service';
import * as repo from './records.repository';
import type { RecordRow } from './records.repository';

export async function listRecords(ctx: Context, ownerId: string, patientId: string) {
  const patient = await getPatient(ctx, ownerId, patientId);
  return { rows: await repo.listPatientRecords(ctx.db, ownerId, patientId), patient };
}

export async function createRecord(ctx: Context, ownerId: string, patientId: string, name: string): Promise<RecordRow> {
  await getPatient(ctx, ownerId, patientId);
  return repo.insertRecord(ctx.db, { ownerId, patientId, name }, ctx.clock.now());
}

async function ownedRecord(ctx: Context, ownerId: string, id: string): Promise<RecordRow> {
  const record = await repo.findOwnedRecord(ctx.db, ownerId, id);
  if (!record) throw new AppError('RECORD_NOT_FOUND');
  return record;
}

export async function getRecord(ctx: Context, ownerId: string, id: string) {
  const found = await repo.findOwnedRecordWithPatient(ctx.db, ownerId, id);
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  return { ...found, attachments: await repo.listAttachments(ctx.db, id) };
}

export async function renameRecord(ctx: Context, ownerId: string, id: string, name: string): Promise<RecordRow> {
  const record = await repo.updateRecord(ctx.db, ownerId, id, { name }, ctx.clock.now());
  if (!record) throw new AppError('RECORD_NOT_FOUND');
  return record;
}

/** Stores the editor's HTML reduced to the editor's formats; scripts, handlers and styles never reach the database. */
export async function saveRecordContent(ctx: Context, ownerId: string, id: string, html: string): Promise<RecordRow> {
  const content = sanitizeRecordHtml(html);
  // Escaping can make text longer than what was sent; what is stored must fit the limit too.
  if (content.length > limits.recordContentMaxChars) throw new AppError('VALIDATION', messages.validation.recordContentTooLong);
  const record = await repo.updateRecord(ctx.db, ownerId, id, { content }, ctx.clock.now());
  if (!record) throw new AppError('RECORD_NOT_FOUND');
  return record;
}

export async function deleteRecord(ctx: Context, ownerId: string, id: string): Promise<void> {
  const keys = await repo.deleteRecord(ctx.db, ownerId, id);
  if (!keys) throw new AppError('RECORD_NOT_FOUND');
  await removeStoredFiles(ctx, keys);
}

/** Stores one uploaded file and attaches it to the owner's record; returns its storage key. */
export async function attachFile(ctx: Context, ownerId: string, recordId: string, upload: Upload): Promise<string> {
  const file = await storeUploadedFile(ctx, 'att', upload);
  const attached = await keepStoredFile(ctx, file.key, async () =>
    (await repo.insertAttachment(ctx.db, ownerId, recordId, file, ctx.clock.now())) ? true : undefined,
  );
  if (!attached) throw new AppError('RECORD_NOT_FOUND');
  return file.key;
}

/**
 * Attaches every file of an upload, or none: when the request fails part-way (the 11th file,
 * a file over the limit, a broken body), the files it already attached are removed again.
 */
export async function attachAll(
  ctx: Context,
  ownerId: string,
  recordId: string,
  readEach: (store: (upload: Upload) => Promise<void>) => Promise<number>,
): Promise<number> {
  const attachedKeys: string[] = [];
  try {
    return await readEach(async (upload) => {
      attachedKeys.push(await attachFile(ctx, ownerId, recordId, upload));
    });
  } catch (error) {
    await repo.deleteOwnedFiles(ctx.db, ownerId, attachedKeys);
    await removeStoredFiles(ctx, attachedKeys);
    throw error;
  }
}

export async function listRecordAttachments(ctx: Context, recordId: string) {
  return repo.listAttachments(ctx.db, recordId);
}

export async function ensureOwnedRecord(ctx: Context, ownerId: string, id: string): Promise<void> {
  await ownedRecord(ctx, ownerId, id);
}

export async function deleteAttachment(ctx: Context, ownerId: string, attachmentId: string): Promise<void> {
  const key = await repo.deleteAttachment(ctx.db, ownerId, attachmentId, ctx.clock.now());
  if (!key) throw new AppError('ATTACHMENT_NOT_FOUND');
  await removeStoredFiles(ctx, [key]);
}
