import type { Db } from './client';

/**
 * Prepared statements made once per database, on first use: drizzle builds their SQL once, and
 * PostgreSQL parses them once per connection.
 */
export function preparedPer<Prepared>(prepare: (db: Db) => Prepared): (db: Db) => Prepared {
  const made = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = made.get(db);
    if (!prepared) {
      prepared = prepare(db);
      made.set(db, prepared);
    }
    return prepared;
  };
}
