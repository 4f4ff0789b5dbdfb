import { Column, is } from 'drizzle-orm';

/** What drizzle's prepared queries (node-postgres and PGlite alike) keep of a select's columns. */
interface PreparedSelectInternals {
  fields?: ReadonlyArray<{ path: readonly string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

// Compared with each column's own, never called: a column that keeps it needs no decoding.
// eslint-disable-next-line @typescript-eslint/unbound-method
const identity = Column.prototype.mapFromDriverValue;

/**
 * Decodes a prepared select's rows with a loop over its columns, looked up once, instead of
 * drizzle's generic mapping (an `is()` check, a path iterator and a decoder call per cell): on the
 * patient list, the API's most frequent read, that mapping was a fifth of the request's CPU
 * (docs/decisions.md, 'API overhead and load'). Only columns with their own decoding (timestamps,
 * integers from text, JSON) call it. Only flat selects of table columns qualify: anything else
 * throws when prepared rather than answering differently.
 */
export function withLeanRowMapping<Prepared extends object>(prepared: Prepared): Prepared {
  const internals = prepared as PreparedSelectInternals;
  const columns = (internals.fields ?? []).map(({ path, field }) => {
    if (path.length !== 1 || !is(field, Column)) throw new Error('withLeanRowMapping: only a flat select of table columns');
    return { key: path[0]!, column: field };
  });
  if (columns.length === 0) throw new Error('withLeanRowMapping: a select without columns');
  const keys = columns.map(({ key }) => key);
  const decoders = columns.map(({ column }) => (column.mapFromDriverValue === identity ? null : column));
  const mapRow = (row: unknown[]) => {
    const mapped: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const value = row[index];
      const decoder = decoders[index];
      mapped[keys[index]!] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
    }
    return mapped;
  };
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
