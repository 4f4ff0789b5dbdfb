import type { Db, Tx } from '../../db/client';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isValidKey, type StoredObject } from '../../platform/storage/storage';
import type { NewStoredFile } from '../../platform/stored-files';
import * as repo from './files.repository';

/** A stored file, only for its owner: someone else's key answers 404 exactly like a missing one. */
export async function openOwnedFile(
  ctx: Context,
  ownerId: string,
  key: string,
): Promise<StoredObject & { contentType: string; originalName: string | null }> {
  if (!isValidKey(key)) throw new AppError('NOT_FOUND');
  const file = await repo.findOwnedFile(ctx.db, key, ownerId);
  if (!file) throw new AppError('NOT_FOUND');
  const stored = await ctx.storage.get(key);
  if (!stored) throw new AppError('NOT_FOUND');
  if (file.patientId) noteAccess({ patientId: file.patientId, action: 'download', entityType: 'file', entityId: key });
  return { body: stored.body, contentType: file.contentType, originalName: file.originalName };
}

/** The patient's stored files (rows only; open each with `openStoredObject`). */
export async function patientFiles(ctx: Context, ownerId: string, patientId: string) {
  return repo.listPatientFiles(ctx.db, ownerId, patientId);
}

/** A stored object's bytes, or null when storage has lost it. */
export async function openStoredObject(ctx: Context, key: string): Promise<StoredObject | null> {
  return ctx.storage.get(key);
}

// ---- the rows of stored objects, written for the modules that store them ----
// Each runs in the caller's transaction, so the row comes and goes with what names the object
// (a user's or a patient's avatar, an attachment); the caller removes the objects themselves
// (`removeStoredFiles`) once the transaction has committed.

/** Who a stored object belongs to: the professional, and the patient when it is part of their file. */
export interface FileOwner {
  ownerId: string;
  patientId?: string | null;
}

/** Records a freshly stored object as the owner's (its row is what lets the owner download it). */
export async function recordStoredFile(tx: Db | Tx, owner: FileOwner, file: NewStoredFile, createdAt?: Date): Promise<void> {
  await repo.insertFile(tx, { ...file, ownerId: owner.ownerId, patientId: owner.patientId ?? null, ...(createdAt ? { createdAt } : {}) });
}

/** Forgets the owner's stored objects by key (the attachments that name them go by cascade); answers the keys forgotten. */
export async function forgetStoredFiles(tx: Db | Tx, ownerId: string, keys: readonly string[]): Promise<string[]> {
  return repo.deleteOwnedFiles(tx, ownerId, keys);
}

/** Forgets every stored object of the owner's patient; answers their keys. */
export async function forgetPatientFiles(tx: Db | Tx, ownerId: string, patientId: string): Promise<string[]> {
  return repo.deletePatientFiles(tx, ownerId, patientId);
}
