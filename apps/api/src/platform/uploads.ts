import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface Upload {
  bytes: Buffer;
  filename: string;
}

/** One file field of a multipart body, read into memory within `maxBytes` (413 beyond it). */
export async function readSingleFile(request: FastifyRequest, field: string, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING');
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'file' && part.fieldname === field) {
        return { bytes: await part.toBuffer(), filename: part.filename };
      }
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    throw asUploadError(error);
  }
  throw new AppError('FILE_MISSING');
}

/**
 * The parser reports a malformed body (no boundary, truncated data) as an Error without a
 * code: that is bad input. The plugin's own limits (413) and our errors carry a code and keep
 * their answer.
 */
function asUploadError(error: unknown): unknown {
  return error instanceof Error && !('code' in error) ? new AppError('VALIDATION') : error;
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
 * Every file of a repeated multipart field, handed to `store` one at a time as it is read, so
 * at most one file is held in memory. Other files are skipped; text fields go to `onField`.
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
      const bytes = await part.toBuffer();
      count += 1;
      await store({ bytes, filename: part.filename });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw limits.tooLarge;
    if (code === 'FST_FILES_LIMIT') throw limits.tooMany;
    throw asUploadError(error);
  }
  return count;
}
