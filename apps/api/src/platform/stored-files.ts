import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import type { Context } from './context';
import { typeOfFile } from './file-type';
import { toSquareAvatar } from './images';
import type { Upload } from './uploads';

/** A stored object as the upload left it, before it is given an owner (what its row in `files` needs of it). */
export interface NewStoredFile {
  key: string;
  contentType: string;
  byteSize: number;
  originalName: string | null;
}

type StorageContext = Pick<Context, 'storage' | 'log'>;

/** Checks and re-encodes an uploaded picture as a square avatar and stores it under a new key. */
async function storeAvatar(ctx: StorageContext, upload: Upload): Promise<NewStoredFile> {
  const image = await toSquareAvatar(upload.path);
  const key = `avatar-${randomUUID()}.webp`;
  await ctx.storage.put(key, image, 'image/webp');
  return { key, contentType: 'image/webp', byteSize: image.length, originalName: upload.filename.slice(0, 255) };
}

/**
 * Stores the upload as a new avatar and runs `save`, which points its owner at it and returns the
 * key it replaced. The new object is removed when `save` fails or finds no owner; the replaced one
 * once the change is saved. Undefined when `save` found no owner.
 */
export async function replaceStoredAvatar<T extends { previousKey: string | null }>(
  ctx: StorageContext,
  upload: Upload,
  save: (file: NewStoredFile) => Promise<T | undefined>,
): Promise<T | undefined> {
  const file = await storeAvatar(ctx, upload);
  const saved = await keepStoredFile(ctx, file.key, () => save(file));
  if (saved?.previousKey) await removeStoredFiles(ctx, [saved.previousKey]);
  return saved;
}

/**
 * Runs `save`, which records a freshly stored object in the database. When it fails or finds
 * nothing to attach the object to, the object is removed so no unreferenced file is left.
 */
export async function keepStoredFile<T>(
  ctx: StorageContext,
  key: string,
  save: () => Promise<T | undefined>,
): Promise<T | undefined> {
  let saved: T | undefined;
  try {
    saved = await save();
  } catch (error) {
    await removeStoredFiles(ctx, [key]);
    throw error;
  }
  if (saved === undefined) await removeStoredFiles(ctx, [key]);
  return saved;
}

/** Removes stored objects whose rows are gone; a failure leaves an orphan object, never a broken row. */
export async function removeStoredFiles(ctx: StorageContext, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'could not delete stored file')),
    ),
  );
}

/** The name a file is listed and downloaded under: its base name, without control characters. */
function attachmentBasename(filename: string): string {
  // Browsers send '"', CR and LF in multipart file names percent-encoded (WHATWG FormData).
  const decoded = filename.replace(/%22/g, '"').replace(/%0[ad]/gi, ' ');
  const base = path.basename(decoded.replaceAll('\\', '/'));
  const clean = base.replace(/\p{Cc}/gu, '').trim().slice(0, 255);
  return clean || messages.records.unnamedFile;
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
async function detectType(upload: Upload): Promise<{ contentType: string; extension: string }> {
  const detected = await typeOfFile(upload.path);
  if (detected) return { contentType: detected.mime, extension: detected.ext };
  const extension = path.extname(upload.filename).slice(1).toLowerCase();
  const contentType = TEXT_TYPES[extension];
  return contentType ? { contentType, extension } : { contentType: 'application/octet-stream', extension: 'bin' };
}

/**
 * An uploaded document stored as it is under a new key (`prefix-uuid.ext`), typed by its bytes,
 * with the base name it is listed and downloaded under.
 */
export async function storeUploadedFile(
  ctx: StorageContext,
  prefix: string,
  upload: Upload,
): Promise<NewStoredFile & { basename: string }> {
  const { contentType, extension } = await detectType(upload);
  const key = `${prefix}-${randomUUID()}.${/^[a-z0-9]{1,8}$/.test(extension) ? extension : 'bin'}`;
  await ctx.storage.putFile(key, upload.path, contentType);
  const basename = attachmentBasename(upload.filename);
  return { key, contentType, byteSize: upload.byteSize, originalName: basename, basename };
}
