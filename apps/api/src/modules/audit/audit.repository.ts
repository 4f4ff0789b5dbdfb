import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessLog } from './audit.tables';

export type AccessLogRow = typeof accessLog.$inferSelect;

export async function insertEntries(db: Db, rows: Array<typeof accessLog.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(accessLog).values(rows);
}

/** An insert of access-log rows that another module's statement runs (as a CTE) when its `onlyIf` holds. */
export type EntriesInsert = (onlyIf: SQL) => SQL;

/**
 * The insert of `rows` as SQL for another module's statement, so that an entry is written in the
 * same round trip as the change it records, and only if that change is made. The rows' values
 * are parameters; `onlyIf` is the caller's condition (e.g. `exists (select 1 from upd)`).
 */
export function entriesInsert(rows: ReadonlyArray<typeof accessLog.$inferInsert & { createdAt: Date }>): EntriesInsert {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.ownerId}::uuid, ${row.actorId}::uuid, ${row.patientId}::uuid, ${row.action}, ${row.entityType}, ${row.entityId}, ${row.ip ?? null}::text, ${row.createdAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return (onlyIf) =>
    sql`insert into ${accessLog} (owner_id, actor_id, patient_id, action, entity_type, entity_id, ip, created_at) select * from (values ${values}) as entry where ${onlyIf}`;
}

/** Where a page starts: after this entry, in the page's order. */
export interface LogPageStart {
  createdAt: Date;
  id: string;
}

/** The order of a page of entries: the access-log screen reads the newest first, the export the oldest. */
export type LogOrder = 'newest' | 'oldest';

/** A page of the patient's entries in `order`, after `after` (keyset on the log's index). */
export async function listEntries(db: Db, ownerId: string, patientId: string, limit: number, after?: LogPageStart, order: LogOrder = 'newest'): Promise<AccessLogRow[]> {
  const [beyond, direction] = order === 'newest' ? [lt, desc] : [gt, asc];
  const next: SQL | undefined = after
    ? or(beyond(accessLog.createdAt, after.createdAt), and(eq(accessLog.createdAt, after.createdAt), beyond(accessLog.id, after.id)))
    : undefined;
  return db
    .select()
    .from(accessLog)
    .where(and(eq(accessLog.ownerId, ownerId), eq(accessLog.patientId, patientId), next))
    .orderBy(direction(accessLog.createdAt), direction(accessLog.id))
    .limit(limit);
}

export async function deleteEntriesOfPatient(db: Db, ownerId: string, patientId: string): Promise<void> {
  await db.delete(accessLog).where(and(eq(accessLog.ownerId, ownerId), eq(accessLog.patientId, patientId)));
}
