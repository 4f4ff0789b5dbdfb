import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessLog } from './audit.tables';

export type AccessLogRow = typeof accessLog.$inferSelect;

export async function insertEntries(db: Db, rows: Array<typeof accessLog.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(accessLog).values(rows);
}

/** Where a page starts: after this entry, newest first. */
export interface LogPageStart {
  createdAt: Date;
  id: string;
}

export async function listEntries(db: Db, ownerId: string, patientId: string, limit: number, after?: LogPageStart): Promise<AccessLogRow[]> {
  const older: SQL | undefined = after
    ? or(lt(accessLog.createdAt, after.createdAt), and(eq(accessLog.createdAt, after.createdAt), lt(accessLog.id, after.id)))
    : undefined;
  return db
    .select()
    .from(accessLog)
    .where(and(eq(accessLog.ownerId, ownerId), eq(accessLog.patientId, patientId), older))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(limit);
}

export async function deleteEntriesOfPatient(db: Db, ownerId: string, patientId: string): Promise<void> {
  await db.delete(accessLog).where(and(eq(accessLog.ownerId, ownerId), eq(accessLog.patientId, patientId)));
}
