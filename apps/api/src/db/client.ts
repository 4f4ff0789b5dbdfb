import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { pgliteBulk, postgresBulk, type BulkAccess } from './bulk';
import { dateParsers } from './pg-dates';
import type { Config } from '../config';
import * as schema from './schema';
import { ensurePrivateDir, makeTreePrivate } from '../platform/private-files';
import { leanFsBundle } from './pglite-fs-bundle';
import { createFromTemplate } from './pglite-template';
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

/** The connection of a drizzle transaction (node-postgres' pooled client, PGlite's transaction), which drizzle keeps as its session's client. */
interface TransactionInternals {
  session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } };
}

/**
 * Plain SQL inside the transaction, for a library whose writes must commit or roll back with the
 * caller's (a job queued with the claim that calls for it). The reminder and measurement tests
 * (a refused job rolls its claim back) use it on both drivers, so a drizzle upgrade that moves
 * the client fails there.
 */
export function sqlWithin(tx: Tx): SqlExecutor {
  const { client } = (tx as unknown as TransactionInternals).session;
  return { executeSql: (text, values) => client.query(text, values) };
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
  /** PostgreSQL's shared_buffers inside PGlite (`16MB` when not given). */
  pgliteSharedBuffers?: string | undefined;
  /** Told when an idle PostgreSQL connection is lost (a restart, a terminated backend). */
  onConnectionLost?: ((error: Error) => void) | undefined;
}

/** Where the embedded database of a DATA_DIR lives. */
export function pgliteDirOf(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'db');
}

/** The database a configuration names: DATABASE_URL, else the embedded one in DATA_DIR. */
export function databaseOptionsOf(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffers'>): DatabaseOptions {
  return { url: config.databaseUrl, pgliteDir: pgliteDirOf(config), pgliteSharedBuffers: config.pgliteSharedBuffers };
}

/** Each driver's code is loaded only when it is the one used: a server needs one of them. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.onConnectionLost) : openPglite(options.pgliteDir, options.pgliteSharedBuffers);
}

async function openPostgres(url: string, onConnectionLost: DatabaseOptions['onConnectionLost']): Promise<Database> {
  const [{ default: pgDriver }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pgDriver.Pool({ connectionString: url, max: 10, types: withDateParsers(pgDriver.types) });
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
    listen: async (channel, listener) => listenOnPostgres(pgDriver, url, channel, listener),
    close: () => pool.end(),
  };
}

/**
 * node-postgres' parsers, with PostgreSQL's dates and times read by db/pg-dates.ts, for the queries
 * drizzle does not decode (the job queue's, raw SQL); drizzle's columns decode theirs the same way.
 */
function withDateParsers(types: typeof pg.types): pg.CustomTypesConfig {
  const getTypeParser = (oid: number, format?: 'text' | 'binary'): ((text: string) => unknown) =>
    (format === 'binary' ? undefined : dateParsers[oid]) ?? (types.getTypeParser(oid, format) as (text: string) => unknown);
  return { getTypeParser: getTypeParser as pg.CustomTypesConfig['getTypeParser'] };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), opened again a
 * second after it is lost, for as long as the answered function has not been called.
 */
function listenOnPostgres(pgDriver: typeof pg, url: string, channel: string, listener: NotificationListener): () => Promise<void> {
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
    // Keep-alive probes: a connection dropped without a word (a NAT, a failover) is noticed and opened again.
    const client = new pgDriver.Client({ connectionString: url, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${pgDriver.escapeIdentifier(channel)}`);
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

/**
 * PostgreSQL's shared buffers live in PGlite's WebAssembly memory and stay resident once touched:
 * PostgreSQL's default of 128 MB took the idle server to 437 MB; 16 MB hold the pages one
 * practice uses, and the operating system's file cache keeps the rest of the data folder
 * (docs/decisions.md, "Lean embedded default"; PGLITE_SHARED_BUFFERS changes it).
 */
const defaultSharedBuffers = '16MB';

/**
 * PGlite runs one backend in this process, but PostgreSQL sizes its shared tables (locks,
 * processes, snapshots) for 100 connections, 16 autovacuum worker slots and 10 WAL senders:
 * 4 MB of WebAssembly memory that never serves anyone. The lock table holds
 * max_locks_per_transaction times the backends: 256 × 5 here, against some 8,000 by default,
 * and still several times what migrating the whole schema in one transaction takes
 * (docs/decisions.md, "Memory, fourth part").
 */
const singleBackendParams = ['max_connections=3', 'superuser_reserved_connections=0', 'autovacuum_worker_slots=1', 'autovacuum_max_workers=1', 'max_wal_senders=0', 'max_locks_per_transaction=256'].flatMap((setting) => ['-c', setting]);

async function createPglite(dataDir: string | undefined, sharedBuffers: string): Promise<PGlite> {
  const [{ PGlite: Pglite }, { btree_gin }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  if (dataDir && !(await createFromTemplate(dataDir))) await ensurePrivateDir(dataDir);
  const fsBundle = dataDir ? await leanFsBundle(dataDir) : undefined;
  // The migrations create these extensions; PGlite must have their code loaded first.
  const pglite = await Pglite.create(dataDir, {
    // PGlite only calls arrayBuffer() on it.
    ...(fsBundle ? { fsBundle: fsBundle as unknown as Blob } : {}),
    extensions: { pg_trgm, btree_gin },
    // PGlite reads dates and times with `new Date(text)`, wrong for years below 100 (db/pg-dates.ts).
    parsers: dateParsers,
    startParams: [...Pglite.defaultStartParams, ...singleBackendParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  // Health data: private to the server's user, whatever modes PGlite gave the files it wrote.
  if (dataDir) await makeTreePrivate(dataDir);
  return pglite;
}

async function openPglite(dataDir: string | undefined, sharedBuffers = defaultSharedBuffers): Promise<Database> {
  const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    createPglite(dataDir, sharedBuffers),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
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
