import type { Readable } from 'node:stream';
import { idSchema, messages, ptBrDateFormat, type AccessLogEntry } from '@consultorio/shared';
import { csvStream } from '../../platform/csv';
import type { AccessActor, AccessEntry } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './audit.repository';
import type { EntriesInsert, LogPageStart } from './audit.repository';

function logRows(actor: AccessActor, entries: readonly AccessEntry[], now: Date) {
  const unique = new Map(entries.map((entry) => [`${entry.patientId}|${entry.action}|${entry.entityType}|${entry.entityId}`, entry]));
  return [...unique.values()].map((entry) => ({ ...entry, ownerId: actor.userId, actorId: actor.userId, ip: actor.ip, createdAt: now }));
}

/** Appends what a professional's request read or changed to their access log. */
export async function writeEntries(ctx: Context, actor: AccessActor, entries: readonly AccessEntry[]): Promise<void> {
  await repo.insertEntries(ctx.db, logRows(actor, entries, ctx.clock.now()));
}

/** Entries for several professionals at once (a patient's act that concerns each of them), in one insert. */
export async function writeEntriesOfActors(ctx: Context, batches: ReadonlyArray<{ actor: AccessActor; entries: readonly AccessEntry[] }>): Promise<void> {
  const now = ctx.clock.now();
  await repo.insertEntries(
    ctx.db,
    batches.flatMap(({ actor, entries }) => logRows(actor, entries, now)),
  );
}

/**
 * The same entries as an insert for another module's statement to run (see `entriesInsert`): the
 * entry is written with the change, in its round trip, and only when the change is made.
 */
export function entriesInsert(actor: AccessActor, entries: readonly AccessEntry[], now: Date): EntriesInsert {
  return repo.entriesInsert(logRows(actor, entries, now));
}

/** When a patient is deleted, their log goes too but for the one entry (written by the request) saying so. */
export async function forgetPatientLog(ctx: Context, ownerId: string, patientId: string): Promise<void> {
  await repo.deleteEntriesOfPatient(ctx.db, ownerId, patientId);
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): LogPageStart {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2 && typeof decoded[0] === 'string') {
      const createdAt = new Date(decoded[0]);
      const id = idSchema.safeParse(decoded[1]);
      if (!Number.isNaN(createdAt.getTime()) && id.success) return { createdAt, id: id.data };
    }
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw new AppError('VALIDATION', messages.validation.cursorInvalid);
}

/** A page of the patient's access log, newest first; the caller has checked the patient is the professional's. */
export async function listAccessLog(
  ctx: Context,
  ownerId: string,
  patientId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ accessLog: AccessLogEntry[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const rows = await repo.listEntries(ctx.db, ownerId, patientId, page.limit + 1, after);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    accessLog: shown.map((row) => ({
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      createdAt: row.createdAt.toISOString(),
      ip: row.ip,
    })),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
  };
}

/** Entries read at a time for the export: a patient's log may hold years of reads. */
const EXPORT_PAGE_ROWS = 1000;

async function* entriesOfPatient(ctx: Pick<Context, 'db'>, ownerId: string, patientId: string): AsyncGenerator<repo.AccessLogRow> {
  let after: LogPageStart | undefined;
  for (;;) {
    const rows = await repo.listEntries(ctx.db, ownerId, patientId, EXPORT_PAGE_ROWS, after, 'oldest');
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_ROWS) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

const CSV_COLUMNS = (['when', 'action', 'item', 'itemId', 'address'] as const).map((key) => ({ key, header: messages.accessLog.csv[key] }));

/**
 * The patient's whole access log as a CSV, oldest first, for their export: it holds the patient's
 * recorded consents (portal, WhatsApp, booking terms), whose proof must go wherever the file goes.
 * Read a thousand entries at a time as the ZIP is written, so memory stays flat however long it is.
 */
export function accessLogCsv(ctx: Pick<Context, 'db'>, ownerId: string, patientId: string, timeZone: string): Readable {
  const when = ptBrDateFormat({ dateStyle: 'short', timeStyle: 'medium', timeZone });
  async function* rows() {
    for await (const row of entriesOfPatient(ctx, ownerId, patientId)) {
      yield {
        when: when.format(row.createdAt),
        action: messages.accessLog.actions[row.action],
        item: messages.accessLog.entities[row.entityType],
        itemId: row.entityId,
        address: row.ip ?? '',
      };
    }
  }
  return csvStream(rows(), CSV_COLUMNS);
}
