import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isValidKey, type StoredObject } from '../../platform/storage/storage';
import { findOwnedFile, listPatientFiles } from './files.repository';

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
  if (file.patientId) noteAccess({ patientId: file.patientId, action: 'download', entityType: 'file', entityId: key });
  return { body: stored.body, contentType: file.contentType, originalName: file.originalName };
}

/** The patient's stored files (rows only; open each with `openStoredObject`). */
export async function patientFiles(ctx: Context, ownerId: string, patientId: string) {
  return listPatientFiles(ctx.db, ownerId, patientId);
}

/** A stored object's bytes, or null when storage has lost it. */
export async function openStoredObject(ctx: Context, key: string): Promise<StoredObject | null> {
  return ctx.storage.get(key);
}
