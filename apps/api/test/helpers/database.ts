import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { adminQuery, databaseUrl } from './postgres-template';

export const testDriver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A new PostgreSQL database, a copy of `template` when given, dropped on close (its URL for another process). */
async function createPostgresDatabase(template?: string): Promise<Database & { url: string }> {
  const name = `consultorio_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A fresh, migrated database for one test file, on the driver the project runs with (its URL on PostgreSQL, for another process). */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDriver === 'postgres') return createPostgresDatabase(inject('templateDatabase'));
  const database = await openDatabase({});
  await database.migrate();
  return database;
}

/** A database no migration has touched, on the project's driver: a test brings it to an older schema itself. */
export async function createUnmigratedTestDatabase(): Promise<Database & { url?: string }> {
  return testDriver === 'postgres' ? createPostgresDatabase() : openDatabase({});
}
