import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { adminQuery, databaseUrl } from './postgres-template';

export const testDriver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database for one test file, on the driver the project runs with (its URL on PostgreSQL, for another process). */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDriver === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `consultorio_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${inject('templateDatabase')}`);
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
