import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

/**
 * Jobs whose effect must happen once (a mail): marked done right after the effect, so a retry
 * of the same job (its first worker died after sending) does not repeat it.
 */
export const jobRuns = pgTable('job_runs', {
  key: text('key').primaryKey(),
  finishedAt: timestamptz('finished_at').notNull().default(sql`now()`),
});
