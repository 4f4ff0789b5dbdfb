import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { createTestDatabase, testDriver } from './helpers/database';
import { adminQuery, databaseUrl } from './helpers/postgres-template';

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

it.runIf(testDriver === 'postgres')('lets two instances starting together migrate one empty database', async () => {
  const name = `consultorio_replicas_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const instances = [await openDatabase({ url: databaseUrl(name) }), await openDatabase({ url: databaseUrl(name) })];
  try {
    // Without the lock the second one failed on a table or type the first had just created.
    await Promise.all(instances.map((instance) => instance.migrate()));
    const result: unknown = await instances[1]!.db.execute(sql`select count(*)::int as plans from plans`);
    expect((result as { rows: { plans: number }[] }).rows[0]!.plans).toBeGreaterThan(0);
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
});

it.runIf(testDriver === 'pglite')('answers queries in memory', async () => {
  await expect(database.ping()).resolves.toBeUndefined();
});
