import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Every table of the public schema with a patient_id column: files, forms, chats, records… but
 * the access log, which keeps one entry of a deleted patient on purpose (checked on its own).
 */
export async function tablesWithPatientId(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'patient_id' and table_name <> 'access_log'
        order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

export async function rowsReferencing(db: Db, table: string, patientId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where patient_id = ${patientId}`);
  return Number(rowsOf<{ n: number }>(result)[0]!.n);
}
