import { Column, is } from 'drizzle-orm';

/** What drizzle's prepared queries (node-postgres and PGlite alike) keep of a select's columns. */
interface PreparedSelectInternals {
  fields?: ReadonlyArray<{ path: readonly string[]; field: unknown }>;
  /** Per joined table, whether its columns are never null: false for an outer join's side, which drizzle turns into null. */
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

// Compared with each column's own, never called: a column that keeps it needs no decoding.
// eslint-disable-next-line @typescript-eslint/unbound-method
const identity = Column.prototype.mapFromDriverValue;

const UNSUPPORTED = 'withLeanRowMapping: only a select of table columns, flat or one table deep, without outer joins';

interface LeanColumn {
  /** The key in the row, or the table's key then the column's (`{ user: users }` gives 'user', 'id'). */
  path: readonly [string] | readonly [string, string];
  /** The column when its values need decoding (timestamps, integers from text, JSON), else null. */
  decoder: Column | null;
}

function leanColumnsOf(internals: PreparedSelectInternals): LeanColumn[] {
  if (Object.values(internals.joinsNotNullableMap ?? {}).includes(false)) throw new Error(UNSUPPORTED);
  const columns = (internals.fields ?? []).map(({ path, field }): LeanColumn => {
    if (path.length < 1 || path.length > 2 || !is(field, Column)) throw new Error(UNSUPPORTED);
    return { path: path as LeanColumn['path'], decoder: field.mapFromDriverValue === identity ? null : field };
  });
  if (columns.length === 0) throw new Error('withLeanRowMapping: a select without columns');
  return columns;
}

/**
 * Decodes a prepared select's rows with a loop over its columns, looked up once, instead of
 * drizzle's generic mapping (an `is()` check, a path iterator and a decoder call per cell): on the
 * patient list, the API's most frequent read, that mapping was a fifth of the request's CPU
 * (docs/decisions.md, 'API overhead and load'); the session lookup runs before most requests.
 * Only columns with their own decoding call it. Selects of table columns qualify, flat or with
 * a table as one key (an inner join's, never null); anything else throws when prepared rather
 * than answering differently.
 */
export function withLeanRowMapping<Prepared extends object>(prepared: Prepared): Prepared {
  const internals = prepared as PreparedSelectInternals;
  const columns = leanColumnsOf(internals);
  const mapRow = (row: unknown[]) => {
    const mapped: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) {
      const { path, decoder } = columns[index]!;
      const raw = row[index];
      const value = raw === null || !decoder ? raw : decoder.mapFromDriverValue(raw);
      if (path.length === 1) mapped[path[0]] = value;
      else ((mapped[path[0]] ??= {}) as Record<string, unknown>)[path[1]] = value;
    }
    return mapped;
  };
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
