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
    // The parser reports a malformed body (no boundary, truncated data) as an Error without a
    // code; the plugin's own limits (413) and ours carry one and keep their answer.
    if (error instanceof Error && !('code' in error)) throw new AppError('VALIDATION');
    throw error;
  }
  throw new AppError('FILE_MISSING');
}
