import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, type SqlExecutor } from './client';

interface Journal {
  entries: Array<{ when: number }>;
}

let newest: number | undefined;

/** When the newest migration of this build was written: drizzle stores it as `created_at` once applied. */
function newestMigrationMillis(): number {
  newest ??= Math.max(...(JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal).entries.map((entry) => entry.when));
  return newest;
}

/** PostgreSQL's undefined_table: no migration ever ran on this database. */
const UNDEFINED_TABLE = '42P01';

/**
 * Whether every migration of this build has been applied; one query, so it also tells that the
 * database answers (it throws when it does not).
 */
export async function migrationsApplied(executor: SqlExecutor): Promise<boolean> {
  try {
    const { rows } = await executor.executeSql('select max(created_at) as last from drizzle.__drizzle_migrations', []);
    const last = (rows[0] as { last: string | number | null } | undefined)?.last;
    return last !== null && last !== undefined && Number(last) >= newestMigrationMillis();
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return false;
    throw error;
  }
}
