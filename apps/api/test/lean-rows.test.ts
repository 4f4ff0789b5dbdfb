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

  it('gives the same rows for a table one key deep in an inner join, as the session lookup selects it', async () => {
    const [session] = await database.db
      .insert(sessions)
      .values({ userId: ownerId, tokenHash: 'lean-rows-token', expiresAt: new Date('2100-01-01T00:00:00Z'), absoluteExpiresAt: new Date('2100-01-01T00:00:00Z'), lastUsedAt: new Date(), ip: '127.0.0.1' })
      .returning({ id: sessions.id });
    const query = () =>
      database.db
        .select({ user: users, id: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sql.placeholder('id')));
    const generic = await query().prepare('lean_rows_joined_generic').execute({ id: session!.id });
    const lean = await withLeanRowMapping(query().prepare('lean_rows_joined_lean')).execute({ id: session!.id });
    expect(lean).toEqual(generic);
    expect(lean[0]!.user.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(lean[0]!)).toEqual(Object.keys(generic[0]!));
    expect(Object.keys(lean[0]!.user)).toEqual(Object.keys(generic[0]!.user));
  });

  it('refuses a select it would map differently (an outer join, no columns)', () => {
    const outer = database.db.select({ user: users, id: sessions.id }).from(sessions).leftJoin(users, eq(users.id, sessions.userId)).prepare('lean_rows_outer');
    expect(() => withLeanRowMapping(outer)).toThrow(/without outer joins/);
    expect(() => withLeanRowMapping({})).toThrow(/a select without columns/);
  });
});
