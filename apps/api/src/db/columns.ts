import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import { parseTimestamp } from './pg-dates';

/**
 * A `timestamp with time zone` column read by the drivers' own parser (`parseTimestamp`). Drizzle
 * asks both drivers for the raw text of every timestamp and its own timestamp column reads that
 * text with `new Date()`, which takes 0010-04-20 for 2020-10-04 and cannot read the offset of a
 * zone's local mean time ('-03:06:28'): a date stored out of range then broke every page that
 * showed it. Every timestamp of the schema is this column (test/dates-in-range.test.ts checks it).
 */
export const timestamptz = customType<{ data: Date; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  toDriver: (value) => value.toISOString(),
  fromDriver: (value) => (typeof value === 'string' ? parseTimestamp(value) : value),
});

/** A timestamp computed in SQL (a min, a subquery's max), decoded as the columns are; null when there is none. */
export function timestamptzOrNull(expression: SQL): SQL<Date | null> {
  return expression.mapWith((text: string) => parseTimestamp(text));
}

/** When the row was made: every table's `created_at`. */
export const createdAt = () => timestamptz('created_at').notNull().default(sql`now()`);
