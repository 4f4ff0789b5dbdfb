import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { limits, messages } from '@consultorio/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { sanitizeRecordHtml } from '../../platform/sanitize-html';
import { keepStoredFile, removeStoredFiles } from '../../platform/stored-files';
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

/** The name a file is listed and downloaded under: its base name, without control characters. */
export function attachmentBasename(filename: string): string {
  // Browsers send '"', CR and LF in multipart file names percent-encoded (WHATWG FormData).
  const decoded = filename.replace(/%22/g, '"').replace(/%0[ad]/gi, ' ');
  const base = path.basename(decoded.replaceAll('\\', '/'));
  const clean = base.replace(/\p{Cc}/gu, '').trim().slice(0, 255);
  return clean || 'arquivo';
}

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  json: 'application/json',
  xml: 'application/xml',
};

/** The type by the bytes when they tell it, else by the extension for text formats, else binary. */
export async function detectType(upload: Upload): Promise<{ contentType: string; extension: string }> {
  const detected = await fileTypeFromBuffer(upload.bytes);
  if (detected) return { contentType: detected.mime, extension: detected.ext };
  const extension = path.extname(upload.filename).slice(1).toLowerCase();
  const contentType = TEXT_TYPES[extension];
  return contentType ? { contentType, extension } : { contentType: 'application/octet-stream', extension: 'bin' };
}

/** Stores one uploaded file and attaches it to the owner's record; returns its storage key. */
export async function attachFile(ctx: Context, ownerId: string, recordId: string, upload: Upload): Promise<string> {
  const { contentType, extension } = await detectType(upload);
  const key = `att-${randomUUID()}.${/^[a-z0-9]{1,8}$/.test(extension) ? extension : 'bin'}`;
  await ctx.storage.put(key, upload.bytes, contentType);
  const basename = attachmentBasename(upload.filename);
  const file = { key, contentType, byteSize: upload.bytes.length, originalName: basename, basename };
  const attached = await keepStoredFile(ctx, key, async () =>
    (await repo.insertAttachment(ctx.db, ownerId, recordId, file, ctx.clock.now())) ? true : undefined,
  );
  if (!attached) throw new AppError('RECORD_NOT_FOUND');
  return key;
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
