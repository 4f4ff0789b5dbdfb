import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteBulk, postgresBulk, type BulkAccess } from './bulk';
import * as schema from './schema';
import { seedDatabase } from './seed';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Plain SQL on the app's connection, for libraries that bring their own queries (the job queue). */
export interface SqlExecutor {
  /** Several statements at once when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  sql: SqlExecutor;
  /** Whole tables in and out, in one snapshot or one transaction (backup and restore). */
  bulk: BulkAccess;
  /** Applies the pending migrations, then brings the reference data (template library) up to date. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Receives the NOTIFY payloads of `channel` until the answered function is called. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** What `Database.listen` tells. */
export interface NotificationListener {
  onNotification(payload: string): void;
  /** Listening (again): notifications sent while it was not were missed. */
  onListening(): void;
  /** The listening connection was lost; it is opened again after a pause. */
  onLost(): void;
}

/** Next to this file in the sources, next to main.js in the bundle (the build copies it). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite's data folder; without it PGlite runs in memory. */
  pgliteDir?: string | undefined;
  /** Told when an idle PostgreSQL connection is lost (a restart, a terminated backend). */
  onConnectionLost?: ((error: Error) => void) | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.onConnectionLost) : openPglite(options.pgliteDir);
}

function openPostgres(url: string, onConnectionLost: DatabaseOptions['onConnectionLost']): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The pool has already dropped the broken client and opens a new one when needed; without a
  // listener this 'error' event would crash the process.
  pool.on('error', (error) => onConnectionLost?.(error));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    bulk: postgresBulk(pool),
    sql: {
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        // A multi-statement text answers one result per statement: the last one matters.
        return Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      },
    },
    migrate: () =>
      whileHoldingMigrationLock(pool, async () => {
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
        await seedDatabase(db);
      }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, listener) => listenOnPostgres(url, channel, listener),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), opened again a
 * second after it is lost, for as long as the answered function has not been called.
 */
function listenOnPostgres(url: string, channel: string, listener: NotificationListener): () => Promise<void> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    listener.onLost();
    client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void open(), RELISTEN_DELAY_MS);
  };
  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === current && !stopped) listener.onListening();
    } catch {
      lost(client);
    }
  };
  void open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** Any fixed number: every instance (and a restore) asks for the same advisory lock. */
export const MIGRATION_LOCK_KEY = 2_171_802_112;

/**
 * Runs the migrations of one instance at a time: replicas starting together on an empty database
 * would otherwise both create the same tables, and all but one would fail. The others wait, then
 * find nothing left to apply.
 */
async function whileHoldingMigrationLock(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await work();
  } finally {
    // Closing the connection releases the lock whatever state the session is in.
    client.release(true);
  }
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The migrations create these extensions; PGlite must have their code loaded first.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    bulk: pgliteBulk(client),
    sql: {
      executeSql: async (text, values) => {
        if (values !== undefined && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await seedDatabase(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, listener) => {
      // One embedded database in this process: its notifications cannot be lost.
      const unlisten = await client.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening();
      return unlisten;
    },
    close: () => client.close(),
  };
}
