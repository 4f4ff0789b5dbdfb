// Writes a backup: the database from one snapshot, and every stored file that snapshot refers to.
//
// Stored objects are immutable (a new key for every upload) and the app deletes one only after
// the deletion of its `files` row has committed. So a row seen in a snapshot has its object
// unless that object was deleted after the snapshot began. The files are copied first, outside
// any snapshot (PGlite's snapshot makes the app wait); then, in the snapshot, the rows are
// listed, the files added since are copied, and if one has vanished meanwhile the snapshot is
// taken again (a later one no longer has its row). The tables are read in that same snapshot.
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { messages } from '@consultorio/shared';
import yazl from 'yazl';
import type { Config } from '../../config';
import type { BulkSession } from '../../db/bulk';
import type { Database } from '../../db/client';
import type { Storage } from '../storage/storage';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  fileEntryName,
  MANIFEST_ENTRY,
  tableEntryName,
  type BackupFile,
  type BackupManifest,
  type BackupTable,
} from './backup-format';
import { ChecksumStream, type Checksum } from './checksum-stream';
import { migrationLevelToExport, queuesToExport, sequencesToExport, tablesToExport } from './database-image';

export interface BackupSource {
  database: Pick<Database, 'driver' | 'bulk' | 'sql'>;
  storage: Storage;
  storageKind: BackupManifest['storage'];
}

/** What a backup of this configuration reads: the database and the storage the server uses. */
export function backupSource(config: Config, database: Database, storage: Storage): BackupSource {
  return { database, storage, storageKind: config.s3 ? 's3' : 'local' };
}

/** Snapshots taken at most, when files keep vanishing under the backup. */
const SNAPSHOT_ATTEMPTS = 5;

/** Streams a backup into `output` (ended when done; destroyed on failure) and answers its manifest. */
export async function writeBackup(source: BackupSource, output: Writable, now = new Date()): Promise<BackupManifest> {
  const archive = new ArchiveWriter(output, now);
  try {
    const copied = await copyFilesAheadOfSnapshot(source, archive);
    const { migration, ...content } = await snapshotContent(source, archive, copied);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: { driver: source.database.driver, migration },
      storage: source.storageKind,
      ...content,
    };
    await archive.finish(manifest);
    return manifest;
  } catch (error) {
    archive.abort(error);
    throw error;
  }
}

type CopiedFiles = Map<string, Omit<BackupFile, 'contentType'>>;

async function copyFilesAheadOfSnapshot(source: BackupSource, archive: ArchiveWriter): Promise<CopiedFiles> {
  const copied: CopiedFiles = new Map();
  const { rows } = await source.database.sql.executeSql('select key from files order by key', []);
  for (const { key } of rows as Array<{ key: string }>) {
    const checksum = await copyStoredFile(source.storage, archive, key);
    if (checksum) copied.set(key, { key, bytes: checksum.bytes, sha256: checksum.sha256 });
  }
  return copied;
}

/** Adds the object to the archive; null when it no longer exists. */
async function copyStoredFile(storage: Storage, archive: ArchiveWriter, key: string): Promise<Checksum | null> {
  const stored = await storage.get(key);
  return stored ? archive.add(fileEntryName(key), stored.body, { compress: false }) : null;
}

async function snapshotContent(source: BackupSource, archive: ArchiveWriter, copied: CopiedFiles) {
  for (let attempt = 1; attempt <= SNAPSHOT_ATTEMPTS; attempt += 1) {
    const content = await source.database.bulk.inSnapshot(async (session) => {
      const files = await filesOfSnapshot(session, source.storage, archive, copied);
      return files && { files, ...(await databaseContent(session, archive)) };
    });
    if (content) return content;
  }
  throw new BackupError(messages.admin.backupFilesKeptVanishing);
}

/** The snapshot's files, copying those not yet copied; null when one has been deleted since the snapshot began. */
async function filesOfSnapshot(session: BulkSession, storage: Storage, archive: ArchiveWriter, copied: CopiedFiles): Promise<BackupFile[] | null> {
  const rows = await session.rows<{ key: string; contentType: string }>('select key, content_type as "contentType" from files order by key');
  const files: BackupFile[] = [];
  for (const { key, contentType } of rows) {
    if (!copied.has(key)) {
      const checksum = await copyStoredFile(storage, archive, key);
      if (!checksum) return null;
      copied.set(key, { key, bytes: checksum.bytes, sha256: checksum.sha256 });
    }
    files.push({ ...copied.get(key)!, contentType });
  }
  return files;
}

async function databaseContent(session: BulkSession, archive: ArchiveWriter) {
  const migration = await migrationLevelToExport(session);
  const tables: BackupTable[] = [];
  for (const table of await tablesToExport(session)) {
    const checksum = await archive.add(tableEntryName(table), session.copyOut(table), { compress: true });
    tables.push({ ...table, columns: [...table.columns], rows: checksum.lines, bytes: checksum.bytes, sha256: checksum.sha256 });
  }
  return { migration, tables, sequences: await sequencesToExport(session), queues: await queuesToExport(session) };
}

/** A zip written as a stream: each entry is measured as it goes in; the manifest goes last. */
class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;
  /** Rejects as soon as the output fails, so that no entry waits for a reader that is gone. */
  private readonly failed: Promise<never>;

  constructor(
    private readonly output: Writable,
    private readonly now: Date,
  ) {
    this.written = pipeline(this.zip.outputStream, output);
    this.failed = this.written.then(
      () => new Promise<never>(() => undefined),
      (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
    );
    this.failed.catch(() => undefined);
  }

  async add(name: string, body: Readable, options: { compress: boolean }): Promise<Checksum> {
    const meter = new ChecksumStream();
    this.zip.addReadStream(meter, name, { mtime: this.now, compress: options.compress });
    await Promise.race([pipeline(body, meter), this.failed]);
    return meter.checksum!;
  }

  async finish(manifest: BackupManifest): Promise<void> {
    this.zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), MANIFEST_ENTRY, { mtime: this.now });
    this.zip.end();
    await this.written;
  }

  abort(error: unknown): void {
    this.output.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
