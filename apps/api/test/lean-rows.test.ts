// The patient list's prepared statements decode their rows without drizzle's generic mapping:
// the rows must be exactly what drizzle would have made (types included: Dates, numbers, nulls).
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { withLeanRowMapping } from '../src/db/lean-rows';
import { patients, sessions, users } from '../src/db/schema';
import { createTestDatabase } from './helpers/database';

let database: Database;
let ownerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [owner] = await database.db
    .insert(users)
    .values({ username: 'lean_rows', email: 'lean@example.com', passwordHash: 'x', firstName: 'Ana' })
    .returning({ id: users.id });
  ownerId = owner!.id;
  await database.db.insert(patients).values([
    { ownerId, firstName: 'João', lastName: null, searchName: 'joao', sessionFeeCents: 15000, birthdate: '1990-03-05', remindersOptOut: true },
    { ownerId, firstName: 'Maria', lastName: 'Silva', searchName: 'maria silva', email: 'maria@example.com' },
  ]);
});
afterAll(() => database.close());

describe('lean row mapping', () => {
  it('gives the same rows as drizzle, with the same types', async () => {
    const query = () => database.db.select().from(patients).where(eq(patients.ownerId, sql.placeholder('ownerId'))).orderBy(asc(patients.searchName));
    const generic = await query().prepare('lean_rows_generic').execute({ ownerId });
    const lean = await withLeanRowMapping(query().prepare('lean_rows_lean')).execute({ ownerId });

    expect(lean).toEqual(generic);
    expect(lean).toHaveLength(2);
    expect(lean[0]!.createdAt).toBeInstanceOf(Date);
    expect(lean[0]!.sessionFeeCents).toBe(15000);
    expect(lean[0]!.lastName).toBeNull();
    expect(Object.keys(lean[0]!)).toEqual(Object.keys(generic[0]!));
  });

  it('refuses a select it would map differently (nested objects, no columns)', () => {
    const nested = database.db.select({ user: users, id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).prepare('lean_rows_nested');
    expect(() => withLeanRowMapping(nested)).toThrow(/only a flat select of table columns/);
    expect(() => withLeanRowMapping({})).toThrow(/a select without columns/);
  });
});
