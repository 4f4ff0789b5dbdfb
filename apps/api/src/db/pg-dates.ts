// How both drivers read PostgreSQL's dates and times, whatever the year or the session's zone.
import parsePostgresDate from 'postgres-date';

/** PostgreSQL's type ids (pg_type.oid) of the types read here, the same on every server. */
export const DATE_OID = 1082;
export const TIMESTAMP_OID = 1114;
export const TIMESTAMPTZ_OID = 1184;

/** JavaScript's first and last instants (±8.64e15 ms): PostgreSQL's infinities and years past them are read as these. */
const EARLIEST = -8.64e15;
const LATEST = 8.64e15;

/**
 * A timestamp as PostgreSQL writes it ('0021-03-01 13:00:00+00', '1899-12-31 20:53:32-03:06:28',
 * '0044-03-15 12:00:00+00 BC'), read exactly. JavaScript's own parsing (drizzle's and PGlite's
 * `new Date(text)`) reads '0010-04-20 00:00:00+00' as 2020-10-04 and cannot read an offset with
 * seconds (the local mean time of a zone before 1914), which then broke every page showing one;
 * postgres-date, node-postgres' own parser, reads every year and offset. A timestamp without a
 * zone is read in the process's zone, as node-postgres does.
 */
export function parseTimestamp(text: string): Date {
  const parsed = parsePostgresDate(text);
  if (parsed === null) throw new Error(`not a PostgreSQL timestamp: ${text}`);
  if (typeof parsed === 'number') return new Date(parsed < 0 ? EARLIEST : LATEST);
  if (Number.isNaN(parsed.getTime())) return new Date(text.endsWith(' BC') ? EARLIEST : LATEST);
  return parsed;
}

/** A date is kept as PostgreSQL writes it ('2026-03-01'): the text the schema's date columns hold, never a Date in some zone. */
export function parseDate(text: string): string {
  return text;
}

/** The parsers of the drivers' own queries (those drizzle does not decode), by type id. */
export const dateParsers: Readonly<Record<number, (text: string) => unknown>> = {
  [DATE_OID]: parseDate,
  [TIMESTAMP_OID]: parseTimestamp,
  [TIMESTAMPTZ_OID]: parseTimestamp,
};
