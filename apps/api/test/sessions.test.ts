import { messages } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCounters, sessions } from '../src/db/schema';
import { hashToken } from '../src/platform/tokens';
import { bodyApartFromRequestId } from './helpers/answers';
import { createTestApp, type TestApp } from './helpers/build-app';
import { DEFAULT_PASSWORD, newSignedInUser, newUser, signIn } from './factories/users';

/** The default SESSION_TTL: an idle session ends after 12 hours. */
const IDLE_LIMIT = 12 * 3600;
const policy = { windowSeconds: 15 * 60, accountAtAddressRefuseAfter: 3, addressRefuseAfter: 5, accountSlowAfter: 100, accountRefuseAfter: 8 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: policy });
});
afterAll(async () => {
  await t.close();
});

// Failures count per IP too: every test that fails logins on purpose uses addresses of its own.
let lastIp = 0;
function freshIp(): string {
  lastIp += 1;
  return `10.1.${Math.floor(lastIp / 200)}.${(lastIp % 200) + 1}`;
}

function login(username: string, password: string, remoteAddress = freshIp()) {
  return t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username, password }, remoteAddress });
}

function me(cookie?: string) {
  return t.request({ method: 'GET', url: '/v1/users/me', headers: cookie ? { cookie } : {} });
}

function setCookieHeader(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const sid = all.filter((line) => line.startsWith('sid='));
  expect(sid).toHaveLength(1);
  return sid[0]!;
}

const unauthorized = { status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) };
const invalidCredentials = { status: 401, data: null, message: messages.errors.invalidCredentials, code: expect.any(String), requestId: expect.any(String) };
/** A refusal that says how long is left of the 15-minute window (a whole window, right after the attempts). */
const tooManyLogins = (minutesLeft = 15) => ({ status: 429, data: null, message: messages.errors.tooManyLogins(minutesLeft), code: expect.any(String), requestId: expect.any(String) });

describe('sign in', () => {
  it('sets an HttpOnly, SameSite=Lax sid cookie (not Secure over http) and stores only the token hash', async () => {
    const user = await newUser(t);
    const response = await login(user.username, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, data: { user: { id: user.id, username: user.username, email: user.email } } });

    const header = setCookieHeader(response);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; SameSite=Lax(;|$)/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(new RegExp(`; Max-Age=${IDLE_LIMIT}(;|$)`));
    expect(header).not.toMatch(/Secure/i);

    const token = response.cookies.find((cookie) => cookie.name === 'sid')!.value;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toBe(token);
  });

  it('answers the user without the password hash, on sign-in and on GET /v1/users/me', async () => {
    const user = await newUser(t, { username: 'beatriz_lima', email: 'beatriz@example.com', firstName: 'Beatriz' });
    const response = await login('beatriz_lima', user.password);
    expect(response.json().data.user).toEqual({
      id: user.id,
      username: 'beatriz_lima',
      email: 'beatriz@example.com',
      firstName: 'Beatriz',
      lastName: 'Souza',
      gender: null,
      title: null,
      birthdate: null,
      document: null,
      cc: '+55',
      phone: null,
      country: 'BR',
      profession: null,
      avatarExternalKey: null,
      mustChangePassword: false,
      timeZone: 'America/Sao_Paulo',
      professionalRegistration: null,
      emailReminderLeadHours: [24],
      whatsappReminderLeadHours: [24],
      pixKey: null,
      pixKeyType: null,
      city: null,
      officeAddress: null,
      taxpayerType: 'individual',
      cnpj: null,
      occupationCode: null,
      bookingSlug: null,
      bookingEnabled: false,
    });
    expect(response.body).not.toContain('argon2');

    const cookie = `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
    const current = await me(cookie);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ status: 200, data: { user: response.json().data.user } });
    expect(current.body).not.toContain('passwordHash');
    expect(current.body).not.toContain(user.passwordHash);
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const user = await newUser(t);
    const response = await login(`  ${user.username.toUpperCase()} `, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.id).toBe(user.id);
  });

  it('answers the same 401 to a wrong password and to an unknown username, without a cookie', async () => {
    const user = await newUser(t);
    const wrong = await login(user.username, 'Errada123');
    const unknown = await login('nobody_here', DEFAULT_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalidCredentials);
    expect(unknown.json()).toEqual(invalidCredentials);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it.each([
    [{ password: DEFAULT_PASSWORD }, messages.credentials.usernameRequired],
    [{ username: '   ', password: DEFAULT_PASSWORD }, messages.credentials.usernameRequired],
    [{ username: 42, password: DEFAULT_PASSWORD }, messages.credentials.usernameRequired],
    [{ username: 'someone_x' }, messages.credentials.passwordRequired],
    [{ username: 'someone_x', password: '' }, messages.credentials.passwordRequired],
    [{ username: 'someone_x', password: ['Senha123'] }, messages.credentials.passwordRequired],
  ])('answers 400 with the rule message for %j', async (payload, message) => {
    const response = await t.request({ method: 'POST', url: '/v1/users/users-sessions', payload, remoteAddress: freshIp() });
    expect(response.json()).toEqual({ status: 400, data: null, message, code: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 4xx, never 500, to bodies that are not login objects', async () => {
    const url = '/v1/users/users-sessions';
    const notJson = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(notJson.json()).toEqual({ status: 400, data: null, message: messages.errors.invalidJson, code: expect.any(String), requestId: expect.any(String) });
    const empty = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    const array = await t.request({ method: 'POST', url, payload: ['a', 'b'] });
    expect(array.json()).toEqual({ status: 400, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });
    const huge = await t.request({ method: 'POST', url, payload: { username: 'x'.repeat(2 * 1024 * 1024), password: 'x' } });
    expect(huge.json()).toEqual({ status: 413, data: null, message: messages.errors.bodyTooLarge, code: expect.any(String), requestId: expect.any(String) });
    const text = await t.request({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'username=a' });
    expect(text.json()).toEqual({ status: 415, data: null, message: messages.errors.unsupportedMediaType, code: expect.any(String), requestId: expect.any(String) });
  });
});

describe('current user', () => {
  it('answers 401 without a cookie, with an unknown token and with an empty one', async () => {
    expect((await me()).json()).toEqual(unauthorized);
    expect((await me('sid=not-a-real-token')).json()).toEqual(unauthorized);
    expect((await me('sid=')).json()).toEqual(unauthorized);
    expect((await me()).statusCode).toBe(401);
  });

  it('ends a session after 12 hours without use (the default SESSION_TTL)', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(IDLE_LIMIT - 60);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(IDLE_LIMIT + 1);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(unauthorized);
  });

  it('extends a session that is used after half of its time, and renews the cookie with it', async () => {
    const { user, cookie } = await newSignedInUser(t);
    t.clock.advance(7 * 3600);
    const used = await me(cookie);
    expect(used.statusCode).toBe(200);
    const renewed = setCookieHeader(used);
    expect(renewed).toBe(`${cookie}; Max-Age=${IDLE_LIMIT}; Path=/; HttpOnly; SameSite=Lax`);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + (IDLE_LIMIT - 60) * 1000);

    t.clock.advance(7 * 3600);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('does not touch the cookie while the session has more than half of its time left', async () => {
    const { cookie } = await newSignedInUser(t);
    t.clock.advance(3600);
    const used = await me(cookie);
    expect(used.statusCode).toBe(200);
    expect(used.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign out', () => {
  it('deletes the session and clears the cookie; other sessions of the user keep working', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const other = await signIn(t, user.username);
    const response = await t.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie } });
    expect(response.json()).toEqual({ status: 200, data: null, message: messages.success.loggedOut });
    const cleared = setCookieHeader(response);
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT|Max-Age=0/);
    expect(cleared).toMatch(/; Path=\/(;|$)/);

    expect((await me(cookie)).json()).toEqual(unauthorized);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(other.slice('sid='.length))]);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers 200 without a cookie and with an unknown one', async () => {
    const none = await t.request({ method: 'DELETE', url: '/v1/users/users-sessions' });
    expect(none.json()).toEqual({ status: 200, data: null, message: messages.success.loggedOut });
    const unknown = await t.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie: 'sid=whatever' } });
    expect(unknown.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it(`refuses a username at one address with 429 after ${policy.accountAtAddressRefuseAfter} failures, even with the right password`, async () => {
    const user = await newUser(t);
    const ip = freshIp();
    for (let i = 0; i < policy.accountAtAddressRefuseAfter; i++) {
      expect((await login(user.username, 'Errada123', ip)).json()).toEqual(invalidCredentials);
    }
    const refused = await login(user.username, user.password, ip);
    expect(refused.json()).toEqual(tooManyLogins());
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('never locks the owner out from another address: failures elsewhere only refuse that address', async () => {
    const user = await newUser(t);
    const attacker = freshIp();
    for (let i = 0; i <= policy.accountAtAddressRefuseAfter + 2; i++) await login(user.username, 'Errada123', attacker);
    expect((await login(user.username, user.password, attacker)).json()).toEqual(tooManyLogins());
    expect((await login(user.username, user.password, freshIp())).statusCode).toBe(200);
  });

  it('answers unknown usernames exactly like known ones once refused, so existence does not leak', async () => {
    const user = await newUser(t);
    const unknown = 'ghost_user_1';
    const known: LightMyRequestResponse[] = [];
    const missing: LightMyRequestResponse[] = [];
    const [knownIp, missingIp] = [freshIp(), freshIp()];
    for (let i = 0; i <= policy.accountAtAddressRefuseAfter; i++) {
      known.push(await login(user.username, 'Errada123', knownIp));
      missing.push(await login(unknown, 'Errada123', missingIp));
    }
    expect(known.map(bodyApartFromRequestId)).toEqual(missing.map(bodyApartFromRequestId));
    expect(missing.at(-1)!.json()).toEqual(tooManyLogins());
    expect(missing.at(-2)!.json()).toEqual(invalidCredentials);
  });

  it(`refuses an IP after ${policy.addressRefuseAfter} failures across usernames, but not the same user elsewhere`, async () => {
    const user = await newUser(t);
    const ip = freshIp();
    for (let i = 0; i < policy.addressRefuseAfter; i++) {
      expect((await login(`stranger_${i}`, 'Errada123', ip)).statusCode).toBe(401);
    }
    expect((await login(user.username, user.password, ip)).json()).toEqual(tooManyLogins());
    expect((await login(user.username, user.password, freshIp())).statusCode).toBe(200);
  });

  it(`refuses an account everywhere after ${policy.accountRefuseAfter} failures across addresses and spellings of its username`, async () => {
    const user = await newUser(t, { username: 'guessed_one' });
    const spellings = ['guessed_one', 'GUESSED_ONE', '  guessed_one ', '\tGuessed_One\n'];
    // Each address stays under its own limit: only the account's count across them refuses.
    for (let i = 0; i < policy.accountRefuseAfter; i++) {
      expect((await login(spellings[i % spellings.length]!, 'Errada123', freshIp())).json()).toEqual(invalidCredentials);
    }
    const refused = await login(user.username, user.password, freshIp());
    expect(refused.json()).toEqual(tooManyLogins(15));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    t.clock.advance(policy.windowSeconds + 1);
    expect((await login(user.username, user.password, freshIp())).statusCode).toBe(200);
  });

  it('counts concurrent guesses one by one: only the allowed number reach the password check', async () => {
    const user = await newUser(t);
    const ip = freshIp();
    // As many as the address allowance, so only the account-at-address limit decides.
    const guesses = await Promise.all(Array.from({ length: policy.addressRefuseAfter }, (_, i) => login(user.username, `Errada${i}A`, ip)));
    const statuses = guesses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await login(user.username, user.password, ip)).json()).toEqual(tooManyLogins());
  });

  it('does not spend an IP allowance on successful sign-ins', async () => {
    const user = await newUser(t);
    const ip = freshIp();
    for (let i = 0; i < policy.addressRefuseAfter + 2; i++) {
      expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
    }
    expect((await login(user.username, 'Errada123', ip)).json()).toEqual(invalidCredentials);
  });

  it('says how many minutes are left, and lets the user in again once the window has passed', async () => {
    const user = await newUser(t);
    const ip = freshIp();
    for (let i = 0; i < policy.accountAtAddressRefuseAfter; i++) await login(user.username, 'Errada123', ip);
    expect((await login(user.username, user.password, ip)).json()).toEqual(tooManyLogins(15));
    t.clock.advance(10 * 60);
    expect((await login(user.username, user.password, ip)).json()).toEqual(tooManyLogins(5));
    t.clock.advance(policy.windowSeconds - 10 * 60 - 30);
    expect((await login(user.username, user.password, ip)).json()).toEqual(tooManyLogins(1));
    t.clock.advance(31);
    expect((await login(user.username, user.password, ip)).statusCode).toBe(200);
  });

  it('clears the username counter on a successful sign-in', async () => {
    const user = await newUser(t);
    const key = `user:${user.username}`;
    for (let i = 0; i < policy.accountAtAddressRefuseAfter - 1; i++) await login(user.username, 'Errada123');
    expect(await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, key))).toMatchObject([{ attempts: 2 }]);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect(await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, key))).toEqual([]);
    for (let i = 0; i < policy.accountAtAddressRefuseAfter - 1; i++) await login(user.username, 'Errada123');
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });
});

// One more app serves both: its public URL is https, and its policy slows from the first failure.
describe('over https, with a policy that slows early', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ env: { PUBLIC_URL: 'https://x.test' }, loginThrottle: { accountSlowAfter: 1, delayStepMs: 400, maxDelayMs: 1000 } });
  });
  afterAll(async () => {
    await other.close();
  });

  function loginTo(username: string, password: string) {
    return other.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username, password } });
  }

  it('sets a Secure cookie, and clears it as Secure', async () => {
    const user = await newUser(other);
    const response = await loginTo(user.username, user.password);
    expect(response.statusCode).toBe(200);
    const header = setCookieHeader(response);
    expect(header).toMatch(/; Secure(;|$)/);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; SameSite=Lax(;|$)/);

    const cookie = `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
    const logout = await other.request({ method: 'DELETE', url: '/v1/users/users-sessions', headers: { cookie } });
    expect(setCookieHeader(logout)).toMatch(/; Secure(;|$)/);
  });

  it('slows further attempts once the slow threshold is reached', async () => {
    const user = await newUser(other);
    const attempt = async (password: string) => {
      const started = performance.now();
      const response = await loginTo(user.username, password);
      return { status: response.statusCode, ms: performance.now() - started };
    };
    const first = await attempt('Errada123');
    expect(first.status).toBe(401);
    const second = await attempt(user.password);
    expect(second.status).toBe(200);
    expect(second.ms).toBeGreaterThanOrEqual(350);
    expect(second.ms - first.ms).toBeGreaterThanOrEqual(150);
  });
});

describe('GET /v1/session', () => {
  it('answers 200 with no user to an anonymous visitor or an unknown cookie, and the user to a session', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/v1/session' });
    expect(anonymous.json()).toEqual({ status: 200, data: { user: null } });
    const unknown = await t.request({ method: 'GET', url: '/v1/session', headers: { cookie: 'sid=whatever' } });
    expect(unknown.json()).toEqual({ status: 200, data: { user: null } });
    const { user, cookie } = await newSignedInUser(t);
    const signedIn = await t.request({ method: 'GET', url: '/v1/session', headers: { cookie } });
    expect(signedIn.json().data.user).toMatchObject({ id: user.id, username: user.username });
    expect(signedIn.json().data.user.passwordHash).toBeUndefined();
  });
});
