import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import { messages } from '@consultorio/shared';
import yauzl from 'yauzl';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, checksummedEntries, MANIFEST_ENTRY, manifestSchema, type BackupManifest } from './backup-format';
import { ChecksumStream } from './checksum-stream';

/** Far above any real manifest (about 200 bytes per stored file), so a hostile one is not read whole. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

const notABackup = (file: string) => new BackupError(messages.admin.backupNotABackup(file));
export const corrupted = (file: string, entry: string) =>
  new BackupError(messages.admin.backupCorrupted(file, entry));

/** A backup file opened for reading: its manifest, checked, and its entries. */
export class BackupArchive {
  private constructor(
    readonly file: string,
    readonly manifest: BackupManifest,
    private readonly zip: yauzl.ZipFile,
    private readonly entries: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  static async open(file: string): Promise<BackupArchive> {
    const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(messages.admin.backupFileNotFound(file));
      throw notABackup(file);
    });
    try {
      const entries = new Map<string, yauzl.Entry>();
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
      const manifest = await readManifest(file, zip, entries.get(MANIFEST_ENTRY));
      return new BackupArchive(file, manifest, zip, entries);
    } catch (error) {
      zip.close();
      throw error instanceof BackupError ? error : notABackup(file);
    }
  }

  /** Reads every entry the manifest vouches for and compares its checksum: nothing is written. */
  async verify(): Promise<void> {
    for (const entry of checksummedEntries(this.manifest)) {
      await pipeline(await this.checkedEntry(entry), new Writable({ write: (_chunk, _encoding, done) => done() }));
    }
  }

  /** One entry's bytes; the stream fails at its end when they differ from the manifest's checksum. */
  async checkedEntry(expected: { name: string; bytes: number; sha256: string }): Promise<Readable> {
    const entry = this.entries.get(expected.name);
    if (!entry) throw new BackupError(messages.admin.backupIncomplete(this.file, expected.name));
    const body = await this.zip.openReadStreamPromise(entry).catch(() => {
      throw corrupted(this.file, expected.name);
    });
    const check = new ChecksumStream({ ...expected, onMismatch: () => corrupted(this.file, expected.name) });
    body.on('error', (error) => check.destroy(error instanceof BackupError ? error : corrupted(this.file, expected.name)));
    return body.pipe(check);
  }

  close(): void {
    this.zip.close();
  }
}

async function readManifest(file: string, zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<BackupManifest> {
  if (!entry || entry.uncompressedSize > MANIFEST_MAX_BYTES) throw notABackup(file);
  const parsed: unknown = JSON.parse(await text(await zip.openReadStreamPromise(entry)));
  const header = parsed as { format?: unknown; version?: unknown };
  if (header.format !== BACKUP_FORMAT) throw notABackup(file);
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(messages.admin.backupUnknownVersion(file, String(header.version), BACKUP_VERSION));
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw notABackup(file);
  return manifest.data;
}
