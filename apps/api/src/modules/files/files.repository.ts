import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

export async function findOwnedFile(db: Db, key: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.ownerId, ownerId)));
  return row;
}
