// `npm run admin -- backup FILE` and `npm run admin -- restore FILE`.
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { messages } from '@consultorio/shared';
import type { Config } from '../../config';
import { databaseOptionsOf, openDatabase, pgliteDirOf } from '../../db/client';
import { backupFromRunningServer } from '../admin-socket';
import { openPrivateFile } from '../private-files';
import { createStorage } from '../storage/create-storage';
import { BackupError, describeBackup, type BackupManifest } from './backup-format';
import { BackupArchive } from './read-backup';
import { restoreBackup } from './restore-backup';
import { backupSource, writeBackup } from './write-backup';

export const backupCommands = ['backup', 'restore'] as const;

export function isBackupCommand(name: string | undefined): boolean {
  return (backupCommands as readonly string[]).includes(name ?? '');
}

/** Runs `backup FILE` or `restore FILE`; answers what to print. Bad input or a refused restore throws BackupError. */
export async function runBackupCommand(config: Config, [command, ...args]: string[]): Promise<string> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0 || file.startsWith('-')) throw new BackupError(messages.admin.backupUsage(command ?? ''));
  try {
    return command === 'backup' ? await backup(config, path.resolve(file)) : await restore(config, path.resolve(file));
  } catch (error) {
    throw asOperatorError(error);
  }
}

async function backup(config: Config, file: string): Promise<string> {
  if (existsSync(file)) throw new BackupError(messages.admin.backupFileExists(file));
  // Written beside under another name and renamed when complete: FILE is never a half backup.
  const partial = `${file}.partial`;
  // Opened before anything is read, so a missing folder or a read-only one is told as such.
  // Private: the backup holds every patient's data, password hashes and live links.
  const handle = await openPrivateFile(partial).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(messages.admin.backupCannotWrite(file, error.code ?? error.message));
  });
  const output = handle.createWriteStream();
  try {
    const manifest = await writeInto(config, output, partial);
    await rename(partial, file);
    return messages.admin.backupWritten(file, describeBackup(manifest));
  } catch (error) {
    output.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeInto(config: Config, output: Writable, written: string): Promise<BackupManifest> {
  if (!config.databaseUrl && (await backupFromRunningServer(config.dataDir, output))) {
    // Opening it checks that it arrived whole (a zip's directory is its last part).
    const archive = await BackupArchive.open(written);
    archive.close();
    return archive.manifest;
  }
  const pgliteDir = pgliteDirOf(config);
  if (!config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(messages.admin.backupNoDatabase(pgliteDir));
  }
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    return await writeBackup(backupSource(config, database, createStorage(config)), output);
  } finally {
    await database.close();
  }
}

async function restore(config: Config, file: string): Promise<string> {
  const manifest = await restoreBackup(config, file);
  const madeAt = new Date(manifest.createdAt).toLocaleString('pt-BR');
  return messages.admin.backupRestored(file, madeAt, describeBackup(manifest));
}

/**
 * Error codes (or, from the S3 client, names) of a server that cannot be reached or entered:
 * connection refused, unknown host, no such database, wrong password, no such bucket.
 */
const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', '3D000', '28P01', '28000', 'NoSuchBucket', 'InvalidAccessKeyId']);

function asOperatorError(error: unknown): unknown {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  const known = [code, name].some((value) => typeof value === 'string' && unreachable.has(value));
  if (error instanceof BackupError || !known) return error;
  return new BackupError(messages.admin.backupUnreachable((error as Error).message));
}
