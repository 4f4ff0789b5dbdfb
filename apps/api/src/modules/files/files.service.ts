import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isValidKey, type StoredObject } from '../../platform/storage/storage';
import { findOwnedFile } from './files.repository';

/** A stored file, only for its owner: someone else's key answers 404 exactly like a missing one. */
export async function openOwnedFile(
  ctx: Context,
  ownerId: string,
  key: string,
): Promise<StoredObject & { contentType: string; originalName: string | null }> {
  if (!isValidKey(key)) throw new AppError('NOT_FOUND');
  const file = await findOwnedFile(ctx.db, key, ownerId);
  if (!file) throw new AppError('NOT_FOUND');
  const stored = await ctx.storage.get(key);
  if (!stored) throw new AppError('NOT_FOUND');
  return { body: stored.body, contentType: file.contentType, originalName: file.originalName };
}
