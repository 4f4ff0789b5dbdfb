import type { UserStats } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The four counts of the dashboard in one query. Patients come from the counter the database
 * keeps on the user. Forms, records and chats have no tables yet (their issues add them and
 * their counts here), so the professional has none of them.
 */
export async function countOwnedItems(db: Db, ownerId: string): Promise<UserStats> {
  const [row] = await db.select({ patients: users.patientCount }).from(users).where(eq(users.id, ownerId));
  return { patients: row?.patients ?? 0, forms: 0, records: 0, chats: 0 };
}
