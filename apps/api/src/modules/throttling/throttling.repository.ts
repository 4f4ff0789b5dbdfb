import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateCounters } from './throttling.tables';

/**
 * Counts one attempt for a key, starting a new window when the previous one has passed, and
 * returns the count with this attempt included and when its window started. One statement, so
 * concurrent attempts each get their own number.
 */
export async function countAttempt(db: Db, key: string, now: Date, windowStart: Date): Promise<{ attempts: number; windowStartedAt: Date }> {
  const [row] = await db
    .insert(rateCounters)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        attempts: sql`case when ${rateCounters.windowStartedAt} > ${windowStart} then ${rateCounters.attempts} + 1 else 1 end`,
        windowStartedAt: sql`case when ${rateCounters.windowStartedAt} > ${windowStart} then ${rateCounters.windowStartedAt} else ${now} end`,
      },
    })
    .returning({ attempts: rateCounters.attempts, windowStartedAt: rateCounters.windowStartedAt });
  return row!;
}

/** Takes back one counted attempt (a successful one). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ attempts: sql`greatest(${rateCounters.attempts} - 1, 0)` })
    .where(eq(rateCounters.key, key));
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

export async function deleteCountersBefore(db: Db, before: Date): Promise<void> {
  await db.delete(rateCounters).where(lte(rateCounters.windowStartedAt, before));
}
