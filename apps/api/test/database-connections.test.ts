import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDriver } from './helpers/database';
import { adminQuery } from './helpers/postgres-template';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it.runIf(testDriver === 'postgres')('survives PostgreSQL terminating its idle connections, and reconnects', async () => {
  await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.01)`)));
  const result: unknown = await database.db.execute(sql`select current_database() as name`);
  const [name] = (result as { rows: { name: string }[] }).rows;
  await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name!.name}' and pid <> pg_backend_pid()`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await expect(database.ping()).resolves.toBeUndefined();
});

it.runIf(testDriver === 'pglite')('answers queries in memory', async () => {
  await expect(database.ping()).resolves.toBeUndefined();
});
