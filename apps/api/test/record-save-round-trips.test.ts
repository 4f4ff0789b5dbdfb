// A record save's database round trips, counted on the real driver (issue 34: at most 3).
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { accessLog, recordVersions } from '../src/db/schema';
import { changeContent } from '../src/modules/records/records.repository';
import { createTestApp, type TestApp } from './helpers/build-app';
import { newPatient } from './factories/patients';
import { newRecord } from './factories/records';
import { newSignedInUser } from './factories/users';

/** The round trips made within `counted.run`: one per statement sent and awaited (BEGIN and COMMIT included). */
const counted = new AsyncLocalStorage<{ roundTrips: number }>();

/** Counts the calls of `prototype[method]` made within `counted.run` for which `counts` holds; each call still runs. */
function observe(prototype: object, method: string, counts: (args: unknown[]) => boolean): void {
  const original = Reflect.get(prototype, method) as (...args: unknown[]) => unknown;
  vi.spyOn(prototype as Record<string, (...args: unknown[]) => unknown>, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
    const store = counted.getStore();
    if (store && counts(args)) store.roundTrips += 1;
    return original.apply(this, args);
  });
}

let t: TestApp;
beforeAll(async () => {
  // node-postgres: every statement is one `Client#query` (the pool's included), sent in one flight.
  observe(pg.Client.prototype, 'query', () => true);
  // PGlite: each query or exec (a transaction's BEGIN and COMMIT too) ends its messages with one Sync ('S', length 4).
  observe(PGlite.prototype, 'execProtocolStream', ([message]) => message instanceof Uint8Array && message.length === 5 && message[0] === 0x53);
  // No job queue polling during the test.
  t = await createTestApp({ env: { JOB_POLL_SECONDS: '60' } });
});
afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
});

async function roundTripsOf(work: () => Promise<void>): Promise<number> {
  const store = { roundTrips: 0 };
  await counted.run(store, work);
  return store.roundTrips;
}

it('saves a record in at most 3 round trips, history and access log included', async () => {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await newPatient(t, { owner: user });
  const record = await newRecord(t, { owner: user, patient });
  const save = (content: string, version: number, autosave: boolean) =>
    t.request({ method: 'PUT', url: `/v1/records/${record.id}/content`, headers: { cookie }, payload: { content, version, autosave } });

  // The counter sees the statements of the request it runs.
  expect(await roundTripsOf(async () => void (await t.request({ method: 'GET', url: `/v1/records/${record.id}`, headers: { cookie } })))).toBeGreaterThan(0);

  const cases: Array<[string, boolean]> = [
    ['<p>Primeira versão</p>', false], // a save: a new version
    ['<p>Primeira versão, continuada</p>', true], // an autosave: a new stretch
    ['<p>Primeira versão, continuada e mais</p>', true], // an autosave joining its stretch
    [`<p>${'x'.repeat(300)}</p>`, true],
    ['<p>curto</p>', true], // removes more than 200 characters: the text before is kept
  ];
  const trips: number[] = [];
  for (const [index, [content, autosave]] of cases.entries()) {
    trips.push(
      await roundTripsOf(async () => {
        const response = await save(content, index + 1, autosave);
        expect(response.statusCode).toBe(200);
      }),
    );
  }
  expect(trips.every((n) => n <= 3), `round trips per save: ${trips.join(', ')}`).toBe(true);

  const versions = await t.database.db.select().from(recordVersions).where(eq(recordVersions.recordId, record.id));
  expect(versions.map((v) => [v.version, v.kind]).sort()).toEqual([
    [2, 'save'],
    [5, 'autosave'],
    [6, 'autosave'],
  ]);
  const logged = await t.database.db
    .select()
    .from(accessLog)
    .where(and(eq(accessLog.ownerId, user.id), eq(accessLog.entityId, record.id), eq(accessLog.action, 'update')));
  expect(logged).toHaveLength(cases.length);

  // A stale version: 409 after the session lookup and the read, and neither a change nor a log entry.
  const stale = await roundTripsOf(async () => {
    const response = await save('<p>de outra janela</p>', 1, true);
    expect(response.statusCode).toBe(409);
  });
  expect(stale).toBeLessThanOrEqual(2);
  expect(await t.database.db.select().from(accessLog).where(and(eq(accessLog.entityId, record.id), eq(accessLog.action, 'update')))).toHaveLength(cases.length);
});

it('refuses in the statement itself a change that landed after the read: stale version, finalized, not theirs', async () => {
  const { user } = await newSignedInUser(t);
  const other = await newSignedInUser(t);
  const patient = await newPatient(t, { owner: user });
  const record = await newRecord(t, { owner: user, patient });
  const finalized = await newRecord(t, { owner: user, patient, finalizedAt: new Date() });
  const change = (version: number) => ({ content: '<p>texto</p>', version, kind: 'autosave' as const, keepBefore: false });
  const now = new Date();
  expect(await changeContent(t.database.db, user.id, record.id, change(record.version + 1), undefined, now)).toBe('conflict');
  expect(await changeContent(t.database.db, user.id, finalized.id, change(finalized.version), undefined, now)).toBe('finalized');
  expect(await changeContent(t.database.db, other.user.id, record.id, change(record.version), undefined, now)).toBeUndefined();
  expect(await t.database.db.select().from(recordVersions).where(eq(recordVersions.recordId, record.id))).toEqual([]);
  const saved = await changeContent(t.database.db, user.id, record.id, change(record.version), undefined, now);
  expect(saved).toMatchObject({ id: record.id, version: record.version + 1, content: '<p>texto</p>', updatedAt: now, createdAt: record.createdAt, finalizedAt: null });
});
