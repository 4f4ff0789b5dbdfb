// The database's part of a backup: what to read inside the snapshot, and how to load it back.
// Everything in the schemas `public` (the app's tables) and `pgboss` (the job queue) is copied;
// the schema itself is not: the restore rebuilds it from this code's migrations, up to the
// backup's level.
import type { Readable } from 'node:stream';
import { messages } from '@consultorio/shared';
import { qualifiedName, type BulkSession, type CopyTable } from '../../db/bulk';
import { applyMigrationsThrough, appliedMigrationLevel, type MigrationLevel } from '../../db/migration-level';
import { BackupError, backedUpSchemas, type BackedUpSchema, type BackupManifest, type BackupQueue, type BackupSequence, type BackupTable } from './backup-format';

const SCHEMAS = `(${backedUpSchemas.map((schema) => `'${schema}'`).join(', ')})`;

export interface ExportTable extends CopyTable {
  schema: BackedUpSchema;
  into: { schema: BackedUpSchema; name: string };
}

/**
 * Every table whose rows are copied: plain tables and partitions (loaded back through their
 * parent). pg-boss's `queue` is left out: its rows come back through create_queue.
 */
export async function tablesToExport(session: BulkSession): Promise<ExportTable[]> {
  return session.rows<ExportTable>(`
    select n.nspname as "schema", c.relname as "name",
      json_build_object('schema', coalesce(pn.nspname, n.nspname), 'name', coalesce(p.relname, c.relname)) as "into",
      (select json_agg(a.attname order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as "columns"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_inherits i on c.relispartition and i.inhrelid = c.oid
    left join pg_class p on p.oid = i.inhparent
    left join pg_namespace pn on pn.oid = p.relnamespace
    where c.relkind = 'r' and n.nspname in ${SCHEMAS} and not (n.nspname = 'pgboss' and c.relname = 'queue')
    order by 1, 2`);
}

export async function sequencesToExport(session: BulkSession): Promise<BackupSequence[]> {
  return session.rows<BackupSequence>(`
    select schemaname as "schema", sequencename as "name", last_value::text as "value"
    from pg_sequences where schemaname in ${SCHEMAS} and last_value is not null order by 1, 2`);
}

export async function queuesToExport(session: BulkSession): Promise<BackupQueue[]> {
  const [found] = await session.rows<{ found: boolean }>("select to_regclass('pgboss.queue') is not null as found");
  if (!found?.found) return [];
  return session.rows<BackupQueue>(`
    select name, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay,
      'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes,
      'deadLetter', dead_letter) as options
    from pgboss.queue order by name`);
}

export async function migrationLevelToExport(session: BulkSession): Promise<MigrationLevel> {
  const level = await appliedMigrationLevel(session);
  if (!level) throw new BackupError(messages.admin.backupNoMigrations);
  return level;
}

/** Opens a checked stream of one table's COPY text from the backup. */
export type TableSource = (table: BackupTable) => Promise<Readable>;

/**
 * Loads the backup's rows into an empty database, in the session's transaction: the schema at
 * the backup's level, the rows (user triggers off, so e.g. the patient counter is not counted
 * twice; foreign keys checked, so tables go in dependency order), the queues, the sequences.
 */
export async function importDatabase(session: BulkSession, manifest: BackupManifest, source: TableSource): Promise<void> {
  await applyMigrationsThrough(session, manifest.database.migration.when);
  const targets = await targetTables(session, manifest.tables);
  const names = [...targets.keys()];
  // The migrations may have written rows of their own (pg-boss's version): the backup's replace them.
  if (names.length > 0) await session.exec(`truncate ${names.join(', ')}`);
  const triggered = await withUserTriggers(session, targets);
  for (const name of triggered) await session.exec(`alter table ${name} disable trigger user`);
  await recreateQueues(session, manifest.queues);
  for (const table of await inDependencyOrder(session, manifest.tables, targets)) {
    await session.copyIn({ ...table.into, columns: table.columns }, await source(table));
  }
  for (const name of triggered) await session.exec(`alter table ${name} enable trigger user`);
  for (const sequence of manifest.sequences) {
    await session.rows('select setval($1::regclass, $2::bigint)', [qualifiedName(sequence), sequence.value]);
  }
}

/** The tables the rows go into, by quoted name, with their oids; each must exist at the backup's schema level. */
async function targetTables(session: BulkSession, tables: readonly BackupTable[]): Promise<Map<string, string>> {
  const names = [...new Set(tables.map((table) => qualifiedName(table.into)))];
  const rows = await session.rows<{ name: string; oid: string | null }>(
    'select name, to_regclass(name)::oid::text as oid from unnest($1::text[]) as name',
    [names],
  );
  const missing = rows.find((row) => row.oid === null);
  if (missing) throw new BackupError(messages.admin.backupUnknownTable(missing.name));
  return new Map(rows.map((row) => [row.name, row.oid!]));
}

async function withUserTriggers(session: BulkSession, targets: ReadonlyMap<string, string>): Promise<string[]> {
  const rows = await session.rows<{ oid: string }>('select distinct tgrelid::text as oid from pg_trigger where not tgisinternal and tgrelid::text = any($1::text[])', [
    [...targets.values()],
  ]);
  const triggered = new Set(rows.map((row) => row.oid));
  return [...targets].filter(([, oid]) => triggered.has(oid)).map(([name]) => name);
}

/** Through pg-boss's create_queue, which also makes the queue's job partition; dead-letter queues first. */
async function recreateQueues(session: BulkSession, queues: readonly BackupQueue[]): Promise<void> {
  const created = new Set<string>();
  let waiting = [...queues];
  while (waiting.length > 0) {
    const ready = waiting.filter((queue) => typeof queue.options.deadLetter !== 'string' || created.has(queue.options.deadLetter));
    if (ready.length === 0) throw new BackupError(messages.admin.backupQueueCycle);
    for (const queue of ready) {
      await session.rows('select pgboss.create_queue($1, $2::json)', [queue.name, JSON.stringify(queue.options)]);
      created.add(queue.name);
    }
    waiting = waiting.filter((queue) => !created.has(queue.name));
  }
}

/** The tables ordered so that each comes after the tables its foreign keys point to. */
async function inDependencyOrder(session: BulkSession, tables: readonly BackupTable[], targets: ReadonlyMap<string, string>): Promise<BackupTable[]> {
  const keys = await session.rows<{ source: string; target: string }>(
    "select conrelid::text as source, confrelid::text as target from pg_constraint where contype = 'f' and conrelid <> confrelid",
  );
  const oidOf = (table: BackupTable) => targets.get(qualifiedName(table.into))!;
  const ordered: BackupTable[] = [];
  let waiting = [...tables];
  while (waiting.length > 0) {
    const waitingOids = new Set(waiting.map(oidOf));
    const ready = waiting.filter((table) => !keys.some((key) => key.source === oidOf(table) && key.target !== key.source && waitingOids.has(key.target)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among the tables ${waiting.map((table) => qualifiedName(table.into)).join(', ')}`);
    ordered.push(...ready);
    const placed = new Set(ready.map(oidOf));
    waiting = waiting.filter((table) => !placed.has(oidOf(table)));
  }
  return ordered;
}
