import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { followSessionChanges, SESSION_CHANGES_CHANNEL, SessionCache, type FoundSession } from '../src/platform/session-cache';
import type { NotificationListener } from '../src/db/client';
import { hashToken } from '../src/platform/tokens';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createTestDatabase, testDriver } from './helpers/database';
import { DEFAULT_PASSWORD, newSignedInUser, signIn } from './factories/users';

function found(userId: string): FoundSession {
  const far = new Date(Date.now() + 86_400_000);
  return { id: 'session', user: { id: userId } as FoundSession['user'], expiresAt: far, absoluteExpiresAt: far, lastUsedAt: new Date() };
}

describe('SessionCache', () => {
  function listeningCache(ttlMs = 2000) {
    let now = 0;
    const cache = new SessionCache({ ttlMs, now: () => now });
    cache.setListening(true);
    return { cache, advance: (ms: number) => (now += ms) };
  }

  it('reuses a session for less than its TTL, counted from the start of the lookup that read it', () => {
    const { cache, advance } = listeningCache();
    const ticket = cache.ticket();
    advance(500);
    cache.put('token', found('user'), ticket);
    advance(1499);
    expect(cache.get('token')).toBeDefined();
    advance(1);
    expect(cache.get('token')).toBeUndefined();
  });

  it('keeps nothing until notifications are received, nor once their connection is lost', () => {
    const cache = new SessionCache({ ttlMs: 2000 });
    cache.put('token', found('user'), cache.ticket());
    expect(cache.get('token')).toBeUndefined();
    cache.setListening(true);
    cache.put('token', found('user'), cache.ticket());
    expect(cache.get('token')).toBeDefined();
    cache.setListening(false);
    expect(cache.get('token')).toBeUndefined();
    cache.put('token', found('user'), cache.ticket());
    expect(cache.get('token')).toBeUndefined();
  });

  it('keeps nothing with a TTL of 0', () => {
    const { cache } = listeningCache(0);
    cache.put('token', found('user'), cache.ticket());
    expect(cache.get('token')).toBeUndefined();
  });

  it("forgets every session of a user at once, or one session by its token", () => {
    const { cache } = listeningCache();
    for (const [token, user] of [['a1', 'a'], ['a2', 'a'], ['b1', 'b']] as const) cache.put(token, found(user), cache.ticket());
    cache.forgetUser('a');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')].map(Boolean)).toEqual([false, false, true]);
    cache.forgetSession('b1');
    expect(cache.get('b1')).toBeUndefined();
  });

  it('holds at most its number of entries: the expired ones go first, then all of them', () => {
    let now = 0;
    const cache = new SessionCache({ ttlMs: 2000, maxEntries: 3, now: () => now });
    cache.setListening(true);
    cache.put('old', found('a'), cache.ticket());
    now = 1500;
    cache.put('b1', found('b'), cache.ticket());
    cache.put('b2', found('b'), cache.ticket());
    now = 2500;
    cache.put('c1', found('c'), cache.ticket());
    expect([cache.get('old'), cache.get('b1'), cache.get('b2'), cache.get('c1')].map(Boolean)).toEqual([false, true, true, true]);
    cache.put('d1', found('d'), cache.ticket());
    expect([cache.get('b1'), cache.get('c1'), cache.get('d1')].map(Boolean)).toEqual([false, false, true]);
    // What was dropped is no longer counted as the user's.
    cache.forgetUser('b');
    cache.put('b3', found('b'), cache.ticket());
    expect(cache.get('b3')).toBeDefined();
  });

  it('never stores the answer of a lookup that started before its user or token was evicted', () => {
    const { cache } = listeningCache();
    const beforeUser = cache.ticket();
    cache.forgetUser('a');
    cache.put('a1', found('a'), beforeUser);
    expect(cache.get('a1')).toBeUndefined();
    const beforeToken = cache.ticket();
    cache.forgetSession('a2');
    cache.put('a2', found('a'), beforeToken);
    expect(cache.get('a2')).toBeUndefined();
    // A lookup started after the eviction read the database as it now is.
    cache.put('a1', found('a'), cache.ticket());
    expect(cache.get('a1')).toBeDefined();
    const beforeAll = cache.ticket();
    cache.setListening(true);
    cache.put('b1', found('b'), beforeAll);
    expect(cache.get('b1')).toBeUndefined();
  });

  it("moves a session's limits after a touch, keeping the user read since (newer than the touching request's)", () => {
    const { cache, advance } = listeningCache();
    const newer = { ...found('a'), user: { id: 'a', firstName: 'Nova' } as FoundSession['user'] };
    cache.put('a1', newer, cache.ticket());
    advance(1500);
    const expiresAt = new Date(Date.now() + 2 * 86_400_000);
    const lastUsedAt = new Date();
    cache.refresh('a1', { expiresAt, lastUsedAt });
    expect(cache.get('a1')).toEqual({ ...newer, expiresAt, lastUsedAt });
    advance(500);
    expect(cache.get('a1')).toBeUndefined();
    cache.refresh('a1', { expiresAt, lastUsedAt });
    expect(cache.get('a1')).toBeUndefined();
  });
});

describe('followSessionChanges', () => {
  it("drops a user's sessions when notified, and keeps nothing while the listening connection is lost", async () => {
    let listener: NotificationListener | undefined;
    const cache = new SessionCache({ ttlMs: 2000 });
    const stop = await followSessionChanges(cache, { listen: async (_channel, given) => ((listener = given), async () => undefined) }, 2000);
    listener!.onListening();
    expect(cache.active).toBe(true);
    cache.put('a1', found('a'), cache.ticket());
    cache.put('b1', found('b'), cache.ticket());
    listener!.onNotification('a');
    expect([cache.get('a1'), cache.get('b1')].map(Boolean)).toEqual([false, true]);
    listener!.onLost();
    expect(cache.active).toBe(false);
    expect(cache.get('b1')).toBeUndefined();
    listener!.onListening();
    expect(cache.active).toBe(true);
    await stop();
    expect(cache.active).toBe(false);
  });
});

describe.runIf(testDriver === 'postgres')('Database.listen on PostgreSQL', () => {
  it('tells when its connection is lost, listens again a moment later and receives again', async () => {
    const database = await createTestDatabase();
    const events: string[] = [];
    const stop = await database.listen(SESSION_CHANGES_CHANNEL, {
      onNotification: (payload) => events.push(`notified ${payload}`),
      onListening: () => events.push('listening'),
      onLost: () => events.push('lost'),
    });
    try {
      await expect.poll(() => events, { timeout: 5000 }).toEqual(['listening']);
      await database.sql.executeSql(`select pg_notify('${SESSION_CHANGES_CHANNEL}', 'one')`);
      await expect.poll(() => events, { timeout: 5000 }).toEqual(['listening', 'notified one']);
      await database.sql.executeSql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen "${SESSION_CHANGES_CHANNEL}"'`);
      await expect.poll(() => events, { timeout: 10_000 }).toEqual(['listening', 'notified one', 'lost', 'listening']);
      await database.sql.executeSql(`select pg_notify('${SESSION_CHANGES_CHANNEL}', 'two')`);
      await expect.poll(() => events.at(-1), { timeout: 5000 }).toBe('notified two');
    } finally {
      await stop();
      await database.close();
    }
  });
});

const MINUTE = 60_000;

async function refusedWithin(t: TestApp, cookie: string, ms: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    const response = await t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
    if (response.statusCode === 401) return performance.now() - started;
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the session still answered after ${ms} ms`);
}

/** Moves the session's idle limit into the past in the database: not notified (only its own use moves it). */
async function expireQuietly(t: TestApp, cookie: string): Promise<void> {
  const tokenHash = hashToken(cookie.slice('sid='.length));
  await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - MINUTE) }).where(eq(sessions.tokenHash, tokenHash));
}

function me(t: TestApp, cookie: string) {
  return t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
}

/**
 * Two instances on one database. On PostgreSQL the second has its own pool and its own listening
 * connection, as another process would; PGlite allows one process, so there both use its one
 * database (each instance still with its own cache and subscription).
 */
function twoInstances(sessionCacheMs: number | undefined) {
  const pair = {} as { a: TestApp; b: TestApp; second: Database | undefined };
  beforeAll(async () => {
    pair.a = await createTestApp(sessionCacheMs === undefined ? {} : { sessionCacheMs });
    pair.second = testDriver === 'postgres' ? await openDatabase({ url: pair.a.database.url }) : undefined;
    pair.b = await createTestApp({ shared: { database: pair.second ?? pair.a.database, smtp: pair.a.smtp }, ...(sessionCacheMs === undefined ? {} : { sessionCacheMs }) });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.second?.close();
    await pair.a?.close();
  });
  return pair;
}

// Caches that would keep a session for a minute: what ends it within seconds is the notification.
describe('two instances whose caches would keep a session for a minute', () => {
  const pair = twoInstances(MINUTE);

  it('a logout on one instance is refused on the other within moments', async () => {
    const { a, b } = pair;
    const { cookie } = await newSignedInUser(a);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await a.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie } })).statusCode).toBe(200);
    expect(await refusedWithin(b, cookie, 5000)).toBeLessThan(5000);
  });

  it('the instance that ended a session refuses it on the very next request', async () => {
    const { a } = pair;
    const { cookie } = await newSignedInUser(a);
    expect((await me(a, cookie)).statusCode).toBe(200);
    await a.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie } });
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it('a password change on one instance ends the other sessions on the other; the changing one goes on', async () => {
    const { a, b } = pair;
    const { user, cookie: phone } = await newSignedInUser(a);
    const desk = await signIn(a, user.username);
    expect((await me(b, desk)).statusCode).toBe(200);
    expect((await me(b, phone)).statusCode).toBe(200);
    const change = await a.request({
      method: 'PUT',
      url: '/v1/users/me/password',
      headers: { cookie: phone },
      payload: { userPassword: DEFAULT_PASSWORD, password: 'NovaSenha456' },
    });
    expect(change.statusCode).toBe(200);
    await refusedWithin(b, desk, 5000);
    expect((await me(b, phone)).statusCode).toBe(200);
    expect((await me(a, desk)).statusCode).toBe(401);
  });

  it("a session ended from 'Minha conta' on one instance is refused on the other", async () => {
    const { a, b } = pair;
    const { user, cookie: phone } = await newSignedInUser(a);
    const desk = await signIn(a, user.username);
    expect((await me(b, phone)).statusCode).toBe(200);
    const listed = (await a.request({ method: 'GET', url: '/v1/users/me/sessions', headers: { cookie: desk } })).json().data.sessions as Array<{ id: string; current: boolean }>;
    const phoneSession = listed.find((session) => !session.current)!;
    expect((await a.request({ method: 'DELETE', url: `/v1/users/me/sessions/${phoneSession.id}`, headers: { cookie: desk } })).statusCode).toBe(200);
    await refusedWithin(b, phone, 5000);
  });

  it('a profile change on one instance shows on the other within moments, and at once on the first', async () => {
    const { a, b } = pair;
    const { cookie } = await newSignedInUser(a);
    expect((await me(a, cookie)).json().data.user.firstName).toBe('Ana');
    expect((await me(b, cookie)).json().data.user.firstName).toBe('Ana');
    const update = await a.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie }, payload: { firstName: 'Beatriz', lastName: 'Souza' } });
    expect(update.statusCode).toBe(200);
    expect((await me(a, cookie)).json().data.user.firstName).toBe('Beatriz');
    const firstNameOnB = async (): Promise<string> => (await me(b, cookie)).json<{ data: { user: { firstName: string } } }>().data.user.firstName;
    await expect.poll(firstNameOnB, { timeout: 5000, interval: 25 }).toBe('Beatriz');
  });

  it.runIf(testDriver === 'postgres')('caches nothing while the listening connection is lost, and listens again', async () => {
    const { a, b } = pair;
    const listeners = async () =>
      (await a.database.sql.executeSql(`select pid from pg_stat_activity where datname = current_database() and query = 'listen "session_changes"'`)).rows as Array<{ pid: number }>;
    expect(await listeners()).toHaveLength(2);
    const { cookie } = await newSignedInUser(a);
    expect((await me(b, cookie)).statusCode).toBe(200);
    await a.database.sql.executeSql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen "session_changes"'`);
    // No notification can reach b now: only dropping its cache on the loss can refuse the session.
    await a.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie } });
    await refusedWithin(b, cookie, 5000);

    await expect.poll(async () => (await listeners()).length, { timeout: 10_000, interval: 100 }).toBe(2);
    const again = await newSignedInUser(a);
    expect((await me(b, again.cookie)).statusCode).toBe(200);
    await expireQuietly(b, again.cookie);
    // Still answered: b caches again...
    expect((await me(b, again.cookie)).statusCode).toBe(200);
    // ...and is told again.
    await a.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie: again.cookie } });
    await refusedWithin(b, again.cookie, 5000);
  });

  it('reads may reuse a session looked up moments ago; a write always checks the database', async () => {
    const { b } = pair;
    const { cookie } = await newSignedInUser(b);
    expect((await me(b, cookie)).statusCode).toBe(200);
    await expireQuietly(b, cookie);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await b.request({ method: 'DELETE', url: '/v1/users/me/sessions', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('two instances with the default cache (SESSION_CACHE_MS, 2 s at most)', () => {
  const pair = twoInstances(undefined);

  it('a logout on one instance is refused on the other', async () => {
    const { a, b } = pair;
    const { cookie } = await newSignedInUser(a);
    expect((await me(b, cookie)).statusCode).toBe(200);
    await a.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie } });
    await refusedWithin(b, cookie, 5000);
  });
});
