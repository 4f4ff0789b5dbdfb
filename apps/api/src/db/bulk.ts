// Whole-table reads and writes in PostgreSQL's COPY text format, streamed, for backups and
// restores: the same format from either driver, so a backup of one restores into the other.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** A table as COPY names it, with the columns to read or write, in order. */
export interface CopyTable {
  schema: string;
  name: string;
  columns: readonly string[];
}

export interface BulkSession {
  rows<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** Runs SQL text without parameters (it may hold several statements, e.g. a migration's). */
  exec(text: string): Promise<void>;
  /** The table's rows as COPY text, streamed; read it to the end before the next call. */
  copyOut(table: CopyTable): Readable;
  /** Loads COPY text into the table. */
  copyIn(table: CopyTable, source: Readable): Promise<void>;
}

export interface BulkAccess {
  /**
   * Runs `work` in one read-only snapshot of the whole database. On PostgreSQL a REPEATABLE READ
   * transaction on a connection of its own, beside the app's; on PGlite (one connection) a
   * transaction during which the app's own queries wait.
   */
  inSnapshot<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  /** Runs `work` in one read-write transaction: all of it is kept, or none. */
  inTransaction<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualifiedName = (table: Pick<CopyTable, 'schema' | 'name'>) => `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
const copyTarget = (table: CopyTable) => `${qualifiedName(table)} (${table.columns.map(quoteIdentifier).join(', ')})`;

const SNAPSHOT = 'begin isolation level repeatable read read only';

export function postgresBulk(pool: pg.Pool): BulkAccess {
  async function inClient<T>(begin: string, work: (session: BulkSession) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(begin);
      const result = await work(postgresSession(client));
      await client.query('commit');
      return result;
    } catch (error) {
      // A COPY cut off half-way can leave the connection unusable: it is closed, not reused.
      broken = await client.query('rollback').then(
        () => false,
        () => true,
      );
      throw error;
    } finally {
      client.release(broken);
    }
  }
  return {
    inSnapshot: (work) => inClient(SNAPSHOT, work),
    inTransaction: (work) => inClient('begin', work),
  };
}

function postgresSession(client: pg.PoolClient): BulkSession {
  return {
    rows: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    copyOut: (table) => client.query(copyTo(`COPY ${copyTarget(table)} TO STDOUT`)),
    copyIn: async (table, source) => {
      await pipeline(source, client.query(copyFrom(`COPY ${copyTarget(table)} FROM STDIN`)));
    },
  };
}

/** PGlite copies through in-memory blobs: tables go out in slices of this many 8 KB pages, and come in in pieces of about this many bytes. */
const PAGES_PER_SLICE = 512;
const BYTES_PER_LOAD = 4 * 1024 * 1024;

export function pgliteBulk(client: PGlite): BulkAccess {
  return {
    inSnapshot: (work) =>
      client.transaction(async (tx) => {
        await tx.exec('set transaction isolation level repeatable read, read only');
        return work(pgliteSession(tx));
      }),
    inTransaction: (work) => client.transaction((tx) => work(pgliteSession(tx))),
  };
}

function pgliteSession(tx: Transaction): BulkSession {
  return {
    rows: async <T>(text: string, values?: unknown[]) => (await tx.query<T>(text, values)).rows,
    exec: async (text) => {
      await tx.exec(text);
    },
    copyOut: (table) => Readable.from(pgliteSlices(tx, table), { objectMode: false }),
    copyIn: async (table, source) => {
      for await (const piece of wholeLines(source, BYTES_PER_LOAD)) {
        await tx.query(`COPY ${copyTarget(table)} FROM '/dev/blob'`, [], { blob: new Blob([piece]) });
      }
    },
  };
}

/**
 * The table's rows slice by slice of its pages (by ctid), so that no more than a slice is ever in
 * memory; inside the snapshot nothing moves, so the slices hold every row exactly once.
 */
async function* pgliteSlices(tx: Transaction, table: CopyTable): AsyncGenerator<Buffer> {
  const [size] = (
    await tx.query<{ pages: number }>(
      "select ceil(pg_relation_size($1::regclass) / current_setting('block_size')::numeric)::int as pages",
      [qualifiedName(table)],
    )
  ).rows;
  const columns = table.columns.map(quoteIdentifier).join(', ');
  for (let first = 0; first < (size?.pages ?? 0); first += PAGES_PER_SLICE) {
    const slice = `ctid >= '(${first},0)'::tid and ctid < '(${first + PAGES_PER_SLICE},0)'::tid`;
    const result = await tx.query(`COPY (select ${columns} from ${qualifiedName(table)} where ${slice}) TO '/dev/blob'`);
    if (result.blob && result.blob.size > 0) yield Buffer.from(await result.blob.arrayBuffer());
  }
}

/** Regroups a stream of COPY text into pieces of about `size` bytes, each ending at a row's end. */
export async function* wholeLines(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < size) continue;
    const joined = Buffer.concat(pending);
    const end = joined.lastIndexOf(0x0a) + 1;
    if (end === 0) {
      pending = [joined];
      continue;
    }
    yield joined.subarray(0, end);
    pending = [joined.subarray(end)];
    pendingBytes = joined.length - end;
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}
