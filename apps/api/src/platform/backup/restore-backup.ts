// Restores a backup into an empty target: refuses a non-empty one before touching anything,
// checks every entry's checksum, then writes the files and loads the database in one
// transaction. When that fails, what it wrote is removed again, so the target stays empty.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import type { Config } from '../../config';
import { databaseOptionsOf, openDatabase, pgliteDirOf } from '../../db/client';
import { codeMigrations, latestMigrationLevel } from '../../db/migration-level';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';
import { BackupError, fileEntryName, tableEntryName, type BackupManifest } from './backup-format';
import { importDatabase } from './database-image';
import { BackupArchive } from './read-backup';

export async function restoreBackup(config: Config, file: string): Promise<BackupManifest> {
  const archive = await BackupArchive.open(file);
  try {
    checkMigrationLevel(archive);
    await checkTargetIsEmpty(config);
    await archive.verify();
    await restoreInto(config, archive);
    return archive.manifest;
  } finally {
    archive.close();
  }
}

function checkMigrationLevel(archive: BackupArchive): void {
  const { migration } = archive.manifest.database;
  const latest = latestMigrationLevel();
  if (migration.when > latest.when) {
    throw new BackupError(messages.admin.backupFromNewerVersion(archive.file, migration.tag, latest.tag));
  }
  // Its level must be one of this code's, at the same place (a backup from another branch is not).
  const position = codeMigrations().findIndex((known) => known.when === migration.when);
  if (position + 1 !== migration.count) throw new BackupError(messages.admin.backupUnknownLevel(archive.file, migration.tag));
}

const filesDir = (config: Config) => path.join(config.dataDir, 'files');

async function isEmptyDirectory(directory: string): Promise<boolean> {
  return (await readdir(directory).catch(() => [])).length === 0;
}

async function checkTargetIsEmpty(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    if (!(await isEmptyDirectory(config.dataDir))) {
      throw new BackupError(messages.admin.restoreDataDirNotEmpty(config.dataDir));
    }
  } else {
    const tables = await userTableCount(config.databaseUrl);
    if (tables > 0) {
      throw new BackupError(messages.admin.restoreDatabaseNotEmpty(tables));
    }
  }
  await checkStorageIsEmpty(config);
}

async function checkStorageIsEmpty(config: Config): Promise<void> {
  if (await createStorage(config).isEmpty()) return;
  throw new BackupError(config.s3 ? messages.admin.restoreBucketNotEmpty(config.s3.bucket) : messages.admin.restoreFilesDirNotEmpty(filesDir(config)));
}

async function userTableCount(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

async function restoreInto(config: Config, archive: BackupArchive): Promise<void> {
  const storage = createStorage(config);
  const written: string[] = [];
  let loaded = false;
  try {
    for (const file of archive.manifest.files) {
      // Noted first: a stream that fails its checksum at its end may leave the object stored.
      written.push(file.key);
      await storage.putStream(file.key, await archive.checkedEntry({ ...file, name: fileEntryName(file.key) }), file.bytes, file.contentType);
    }
    const database = await openDatabase(databaseOptionsOf(config));
    try {
      await database.bulk.inTransaction((session) =>
        importDatabase(session, archive.manifest, (table) => archive.checkedEntry({ ...table, name: tableEntryName(table) })),
      );
      loaded = true;
      // The rows are in at the backup's level; a backup of an older version is brought up to date
      // here (at the same level, the server's start refreshes the reference data as always).
      if (archive.manifest.database.migration.when < latestMigrationLevel().when) await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!loaded) await undoRestore(config, storage, written);
    throw error;
  }
}

/** Takes the target back to empty: it was empty before, so everything in it was written here. */
async function undoRestore(config: Config, storage: Storage, written: readonly string[]): Promise<void> {
  for (const key of written) await storage.delete(key).catch(() => undefined);
  if (!config.databaseUrl) await rm(pgliteDirOf(config), { recursive: true, force: true });
  if (!config.s3) await rm(filesDir(config), { recursive: true, force: true });
}
