import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

/**
 * Attempts per key within a time window, shared by every API instance: login attempts per
 * username ("user:<name>") and IP ("ip:<address>"), recovery mails per address.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull().default(sql`now()`),
});
