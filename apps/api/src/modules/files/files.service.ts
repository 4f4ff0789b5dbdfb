import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isValidKey, type StoredObject } from '../../platform/storage/storage';
import type { Db, Tx } from '../../db/client';
import type { NewStoredFile } from '../../platform/stored-files';
import { deleteOwnedFiles, findOwnedFile, insertFile, listPatientFiles } from './files.repository';

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

/** Makes a freshly stored object the owner's file of the patient (in the caller's transaction), so it is served, backed up and removed with them. */
export async function addPatientFile(db: Db | Tx, file: NewStoredFile & { ownerId: string; patientId: string }, now: Date): Promise<void> {
  await insertFile(db, { ...file, createdAt: now });
}

/** Deletes the owner's file rows (the objects are removed by the caller after its commit). */
export async function removeFileRows(db: Db | Tx, ownerId: string, keys: readonly string[]): Promise<void> {
  await deleteOwnedFiles(db, ownerId, keys);
}
