import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { MultipartBody } from '@consultorio/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * An uploaded file, streamed to a temporary file as it arrived (never held in memory whole);
 * the temporary file is removed once the request is done with it.
 */
export interface Upload {
  path: string;
  filename: string;
  byteSize: number;
}

export interface UploadLimits {
  maxBytes: number;
  maxFiles: number;
  /** Answered when a file is larger than maxBytes. */
  tooLarge: AppError;
  /** Answered when more than maxFiles files are sent. */
  tooMany: AppError;
}

/**
 * The parser reports a malformed body (no boundary, truncated data) as an Error without a
 * code: that is bad input. The plugin's own limits (413) and our errors carry a code and keep
 * their answer.
 */
function asUploadError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return limits.tooLarge;
  if (code === 'FST_FILES_LIMIT') return limits.tooMany;
  return error instanceof Error && !('code' in error) ? new AppError('VALIDATION') : error;
}

/**
 * Streams a file part to a new temporary file, with the size checked as it flows: a file cut at
 * the limit (the parser truncates it) is refused, and nothing of it is kept.
 */
async function saveToTemporaryFile(part: MultipartFile, limits: UploadLimits): Promise<Upload> {
  const temporary = path.join(tmpdir(), `consultorio-upload-${randomUUID()}`);
  try {
    await pipeline(part.file, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    if (part.file.truncated) throw limits.tooLarge;
    const { size } = await stat(temporary);
    if (size > limits.maxBytes) throw limits.tooLarge;
    return { path: temporary, filename: part.filename, byteSize: size };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Hands the upload to `use`, then removes its temporary file whatever happened. */
async function using<T>(upload: Upload, use: (upload: Upload) => Promise<T>): Promise<T> {
  try {
    return await use(upload);
  } finally {
    await rm(upload.path, { force: true });
  }
}

/**
 * Every file of a repeated multipart field, handed to `store` one at a time as it is read, so
 * at most one file is on its way at once. Other files are skipped; text fields go to `onField`.
 * Resolves with how many files there were.
 */
export async function readEachFile(
  request: FastifyRequest,
  field: string,
  limits: UploadLimits,
  store: (upload: Upload) => Promise<void>,
  onField?: (name: string, value: string) => void,
): Promise<number> {
  if (!request.isMultipart()) return 0;
  let count = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles + 1, fields: 10 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') onField?.(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      if (count === limits.maxFiles) throw limits.tooMany;
      const upload = await saveToTemporaryFile(part, limits);
      count += 1;
      await using(upload, store);
    }
  } catch (error) {
    throw asUploadError(error, limits);
  }
  return count;
}

const singleFileLimits = (maxBytes: number): UploadLimits => ({
  maxBytes,
  maxFiles: 1,
  tooLarge: new AppError('FILE_TOO_LARGE'),
  tooMany: new AppError('BODY_TOO_LARGE'),
});

/**
 * The first file of the route's file field (413 beyond its limit), handed to `use` and removed
 * afterwards; the rest of the body is not read.
 */
export async function withSingleFile<T>(request: FastifyRequest, body: MultipartBody, use: (upload: Upload) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING');
  const { fileField: field, maxFileBytes: maxBytes } = body;
  const limits = singleFileLimits(maxBytes);
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      upload = await saveToTemporaryFile(part, limits);
      break;
    }
  } catch (error) {
    throw asUploadError(error, limits);
  }
  if (!upload) throw new AppError('FILE_MISSING');
  return using(upload, use);
}

/** Reads the files of an upload one at a time, handing each to `store`; resolves with how many there were. */
export type ReadEachFile = (store: (upload: Upload) => Promise<void>) => Promise<number>;

/** The limits of the documents attached to a record or sent in a chat, as the route's contract gives them. */
const attachmentLimits = ({ maxFileBytes, maxFiles }: MultipartBody): UploadLimits => ({
  maxBytes: maxFileBytes,
  maxFiles,
  tooLarge: new AppError('ATTACHMENT_TOO_LARGE'),
  tooMany: new AppError('TOO_MANY_ATTACHMENTS'),
});

/**
 * The repeated file field of an attachments upload (records, chats) within its limits, for the
 * service to read once it has checked whose the record or chat is.
 */
export function attachmentReader(request: FastifyRequest, body: MultipartBody, onField?: (name: string, value: string) => void): ReadEachFile {
  return (store) => readEachFile(request, body.fileField, attachmentLimits(body), store, onField);
}

/**
 * A small file (a certificate) read into memory with the text fields beside it, in whatever order
 * they come; nothing of it touches the disk. A file over the route's limit answers `tooLarge`.
 */
export async function readSmallFileWithFields(
  request: FastifyRequest,
  body: MultipartBody,
  tooLarge: AppError,
): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  if (!request.isMultipart()) return { file, fields };
  const limits = { ...singleFileLimits(body.maxFileBytes), tooLarge };
  try {
    for await (const part of request.parts({ limits: { fileSize: body.maxFileBytes, files: 1, fields: 5 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === body.fileField && file === null) {
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw asUploadError(error, limits);
  }
  return { file, fields };
}
