import type { SqlExecutor } from './client';
import { latestMigrationLevel } from './migration-level';

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
    return last !== null && last !== undefined && Number(last) >= latestMigrationLevel().when;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return false;
    throw error;
  }
}
