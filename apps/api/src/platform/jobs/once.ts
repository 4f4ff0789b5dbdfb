import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from './jobs.tables';

/**
 * Runs `effect` unless a run with this key already finished, then marks it finished. pg-boss
 * gives a job to one worker at a time; this covers the worker that died after the effect and
 * before the job was marked complete, so its retry does not repeat the effect.
 */
export async function once(db: Db, key: string, effect: () => Promise<void>): Promise<void> {
  const [done] = await db.select({ key: jobRuns.key }).from(jobRuns).where(eq(jobRuns.key, key));
  if (done) return;
  await effect();
  await db.insert(jobRuns).values({ key }).onConflictDoNothing();
}
