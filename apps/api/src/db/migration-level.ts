// A database's schema level (its last applied migration), and a way to build the schema up to a
// given level inside a caller's transaction: a restore loads a backup's rows into exactly the
// schema they were read from, then lets the usual migrate() bring it up to date.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { BulkSession } from './bulk';
import { MIGRATION_LOCK_KEY, migrationsFolder } from './client';

export interface MigrationLevel {
  /** How many migrations are applied. */
  count: number;
  /** The last one's journal time (drizzle's `created_at`, the migrations' order). */
  when: number;
  /** The last one's name, e.g. `0013_measurement`. */
  tag: string;
}

interface CodeMigration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

let read: readonly CodeMigration[] | undefined;

/** This code's migrations, in order, as drizzle's migrator reads them (same hash, same statements); read once. */
export function codeMigrations(): readonly CodeMigration[] {
  read ??= readCodeMigrations();
  return read;
}

function readCodeMigrations(): CodeMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal.entries[index]?.tag ?? String(migration.folderMillis),
    when: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql.filter((statement) => statement.trim() !== ''),
  }));
}

/** The newest level this code knows. */
export function latestMigrationLevel(): MigrationLevel {
  const migrations = codeMigrations();
  const last = migrations.at(-1)!;
  return { count: migrations.length, when: last.when, tag: last.tag };
}

/** The database's level from drizzle's bookkeeping table, or null when no migration was ever applied. */
export async function appliedMigrationLevel(session: BulkSession): Promise<MigrationLevel | null> {
  const [table] = await session.rows<{ found: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as found");
  if (!table?.found) return null;
  const [applied] = await session.rows<{ count: number; when: string | null }>(
    'select count(*)::int as count, max(created_at)::text as "when" from drizzle.__drizzle_migrations',
  );
  if (!applied?.when) return null;
  const when = Number(applied.when);
  const tag = codeMigrations().find((migration) => migration.when === when)?.tag ?? String(when);
  return { count: applied.count, when, tag };
}

/**
 * Applies this code's migrations up to and including the one of time `when`, in the session's
 * transaction, keeping drizzle's bookkeeping exactly as its migrator does (schema `drizzle`,
 * table `__drizzle_migrations`), so that migrate() later applies only the ones after it.
 */
export async function applyMigrationsThrough(session: BulkSession, when: number): Promise<void> {
  // An instance starting meanwhile waits for this transaction, then finds the schema in place.
  await session.rows('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await session.exec('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await session.exec('CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
  for (const migration of codeMigrations().filter((candidate) => candidate.when <= when)) {
    for (const statement of migration.statements) await session.exec(statement);
    await session.rows('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [migration.hash, migration.when]);
  }
}
