// The backup file: a zip holding every table's rows (COPY text), every stored file, and last a
// manifest.json that says what is in it and the SHA-256 of each entry.
import { messages } from '@consultorio/shared';
import { z } from 'zod';
import { OperatorError } from '../errors';
import { isValidKey } from '../storage/storage';

export const BACKUP_FORMAT = 'consultorio-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

/** What went wrong with a backup or a restore, told to the operator. */
export class BackupError extends OperatorError {}

export const fileEntryName = (key: string) => `files/${key}`;
export const tableEntryName = (table: { schema: string; name: string }) => `db/${table.schema}.${table.name}.copy`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/u);
const identifier = z.string().min(1).max(63);
/** The only schemas a backup holds (database-image.ts): a manifest naming another, e.g. the migrations' own, is refused. */
export const backedUpSchemas = ['public', 'pgboss'] as const;
const backedUpSchema = z.enum(backedUpSchemas);
export type BackedUpSchema = (typeof backedUpSchemas)[number];

const checksummed = { bytes: z.number().int().min(0), sha256 };

const tableSchema = z.object({
  schema: backedUpSchema,
  name: identifier,
  /** The table its rows go back into: itself, or the parent of a partition. */
  into: z.object({ schema: backedUpSchema, name: identifier }),
  columns: z.array(identifier).min(1),
  rows: z.number().int().min(0),
  ...checksummed,
});

const fileSchema = z.object({
  key: z.string().refine(isValidKey),
  contentType: z.string().min(1).max(255),
  ...checksummed,
});

/** A pg-boss queue: restored through pg-boss's own create_queue, which also makes its job partition. */
const queueSchema = z.object({
  name: z.string().min(1),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    migration: z.object({ count: z.number().int().min(1), when: z.number().int(), tag: z.string() }),
  }),
  storage: z.enum(['local', 's3']),
  tables: z.array(tableSchema),
  sequences: z.array(z.object({ schema: backedUpSchema, name: identifier, value: z.string().regex(/^-?\d+$/u) })),
  queues: z.array(queueSchema),
  files: z.array(fileSchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTable = BackupManifest['tables'][number];
export type BackupFile = BackupManifest['files'][number];
export type BackupQueue = BackupManifest['queues'][number];
export type BackupSequence = BackupManifest['sequences'][number];

/** Every entry the manifest vouches for, with its checksum. */
export function checksummedEntries(manifest: BackupManifest): Array<{ name: string; bytes: number; sha256: string }> {
  return [
    ...manifest.tables.map((table) => ({ name: tableEntryName(table), bytes: table.bytes, sha256: table.sha256 })),
    ...manifest.files.map((file) => ({ name: fileEntryName(file.key), bytes: file.bytes, sha256: file.sha256 })),
  ];
}

/** One line for the operator: what the backup holds. */
export function describeBackup(manifest: BackupManifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const megabytes = (fileBytes / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return messages.admin.backupContents(manifest.tables.length, rows, manifest.files.length, megabytes, manifest.database.migration.tag);
}
