import type { UserStats } from '@consultorio/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chats } from '../chats/chats.tables';
import { forms } from '../forms/forms.tables';
import { records } from '../records/records.tables';
import { users } from '../users/users.tables';

/** The four counts of the dashboard in one query. Patients come from the counter the database keeps on the user. */
export async function countOwnedItems(db: Db, ownerId: string): Promise<UserStats> {
  const formCount = db.select({ n: count() }).from(forms).where(eq(forms.ownerId, ownerId));
  const recordCount = db.select({ n: count() }).from(records).where(eq(records.ownerId, ownerId));
  const chatCount = db.select({ n: count() }).from(chats).where(eq(chats.ownerId, ownerId));
  const [row] = await db
    .select({
      patients: users.patientCount,
      forms: sql<number>`(${formCount})::int`,
      records: sql<number>`(${recordCount})::int`,
      chats: sql<number>`(${chatCount})::int`,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  return { patients: row?.patients ?? 0, forms: row?.forms ?? 0, records: row?.records ?? 0, chats: row?.chats ?? 0 };
}
