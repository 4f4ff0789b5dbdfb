// What a thief with a stolen session cookie (or a guesser elsewhere) can no longer do.
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';
import { linkToken, mailedPassword } from './helpers/smtp';
import { newPatient } from './factories/patients';
import { DEFAULT_PASSWORD, newUser, signIn } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL: '7d', SESSION_MAX_AGE: '30d' } });
});
afterAll(async () => {
  await t.close();
});

const e = messages.errors;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

let lastIp = 0;
const freshIp = () => `10.9.${Math.floor(++lastIp / 200)}.${(lastIp % 200) + 1}`;

function me(cookie: string) {
  return t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
}

function changePassword(cookie: string, userPassword: string, password: string) {
  return t.request({ method: 'PUT', url: '/v1/users/me/password', headers: { cookie }, payload: { userPassword, password } });
}

function requestEmailChange(cookie: string, payload: object) {
  return t.request({ method: 'POST', url: '/v1/users/me/email-updates', headers: { cookie }, payload });
}

async function recoveredPassword(email: string): Promise<string> {
  const before = await t.mailCount();
  await t.request({ method: 'POST', url: '/v1/users/recover-password', payload: { email } });
  return mailedPassword(await t.smtp.waitFor(email, before));
}

describe('e-mail change', () => {
  it('refuses a change without the current password or with a wrong one, and sends nothing (the thief flow)', async () => {
    const user = await newUser(t);
    const thief = await signIn(t, user.username);
    const before = await t.mailCount();
    const missing = await requestEmailChange(thief, { email: 'ladrao@example.com' });
    expect(missing.statusCode).toBe(400);
    const wrong = await requestEmailChange(thief, { email: 'ladrao@example.com', userPassword: 'Adivinha1' });
    expect(wrong.json()).toEqual(failure(400, e.passwordUpdateFailed));
    expect(await t.mailCount()).toBe(before);
    expect((await me(thief)).json().data.user.email).toBe(user.email);
  });

  it('tells the old address when the change is confirmed, with the time and the support address', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.username);
    const newEmail = `novo_${user.username}@example.com`;
    const before = await t.mailCount();
    expect((await requestEmailChange(cookie, { email: newEmail, userPassword: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const token = linkToken(await t.smtp.waitFor(newEmail, before));
    expect((await t.request({ method: 'POST', url: '/v1/users/email-updates/confirm', payload: { confirmationToken: token } })).statusCode).toBe(200);
    const notice = await t.smtp.waitFor(user.email, before);
    expect(notice.subject).toBe(messages.mail.emailChangedSubject);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain(t.config.supportContacts.account);
    expect(notice.text).toMatch(/\d{1,2} de [a-zç]+ de \d{4}/);
  });
});

describe('sessions end when the credentials change', () => {
  it('a password change ends every other session, not the one that made it', async () => {
    const user = await newUser(t);
    const [laptop, phone] = [await signIn(t, user.username), await signIn(t, user.username)];
    expect((await changePassword(laptop, DEFAULT_PASSWORD, 'Nova12345')).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('asking for recovery ends nothing; the first login with the recovered password ends every other session', async () => {
    const user = await newUser(t);
    const thief = await signIn(t, user.username);
    const recovered = await recoveredPassword(user.email);
    expect((await me(thief)).statusCode).toBe(200);
    const owner = await signIn(t, user.username, recovered, freshIp());
    expect((await me(thief)).statusCode).toBe(401);
    expect((await me(owner)).statusCode).toBe(200);
  });

  it('a session opened with a recovered password must set a new one before anything else', async () => {
    const user = await newUser(t);
    const patient = await newPatient(t, { owner: user });
    const recovered = await recoveredPassword(user.email);
    const owner = await signIn(t, user.username, recovered, freshIp());
    expect((await me(owner)).json().data.user.mustChangePassword).toBe(true);
    expect((await t.request({ method: 'GET', url: `/v1/patients/${patient.id}`, headers: { cookie: owner } })).json()).toEqual(
      failure(403, e.passwordChangeRequired),
    );
    expect((await t.request({ method: 'GET', url: '/v1/users/me/patients', headers: { cookie: owner } })).statusCode).toBe(403);
    // A second login with the temporary password is held the same way.
    const second = await signIn(t, user.username, recovered, freshIp());
    expect((await t.request({ method: 'GET', url: '/v1/users/me/stats', headers: { cookie: second } })).statusCode).toBe(403);

    expect((await changePassword(owner, 'Errada123', 'Nova12345')).statusCode).toBe(400);
    expect((await changePassword(owner, recovered, 'Nova12345')).statusCode).toBe(200);
    expect((await me(owner)).json().data.user.mustChangePassword).toBe(false);
    expect((await t.request({ method: 'GET', url: `/v1/patients/${patient.id}`, headers: { cookie: owner } })).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
  });
});

describe('current-password guesses', () => {
  it('are refused with 429 after five wrong ones, on password and e-mail change alike, even with the right one', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.username);
    for (let i = 0; i < 3; i++) expect((await changePassword(cookie, `Errada${i}A`, 'Nova12345')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      expect((await requestEmailChange(cookie, { email: `x${i}@example.com`, userPassword: `Errada${i}B` })).statusCode).toBe(400);
    }
    expect((await changePassword(cookie, DEFAULT_PASSWORD, 'Nova12345')).json()).toEqual(failure(429, e.tooManyPasswordChecks(15)));
    t.clock.advance(15 * 60 + 1);
    expect((await changePassword(cookie, DEFAULT_PASSWORD, 'Nova12345')).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends a session at its absolute limit however much it is used', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.username);
    for (let day = 3; day < 30; day += 3) {
      t.clock.advance(3 * 86400);
      expect((await me(cookie)).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(3 * 86400);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('still ends an unused session at its idle limit', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.username);
    t.clock.advance(7 * 86400 + 60);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('the active sessions in Minha conta', () => {
  it('lists each device with its address and last use, ends one and all the others', async () => {
    const user = await newUser(t);
    const login = (userAgent: string, ip: string) =>
      t.request({
        method: 'POST',
        url: '/v1/users/users-sessions',
        payload: { username: user.username, password: DEFAULT_PASSWORD },
        headers: { 'user-agent': userAgent },
        remoteAddress: ip,
      });
    const cookieOf = (response: Awaited<ReturnType<typeof login>>) => `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const desk = cookieOf(await login(chrome, '10.20.0.1'));
    const phone = cookieOf(await login(safari, '10.20.0.2'));
    const tablet = cookieOf(await login('', '10.20.0.3'));
    const list = await t.request({ method: 'GET', url: '/v1/users/me/sessions', headers: { cookie: desk } });
    const listed = list.json().data.sessions as Array<{ id: string; device: string; ip: string; current: boolean; lastUsedAt: string }>;
    expect(listed).toHaveLength(3);
    expect(listed.find((s) => s.current)).toMatchObject({ device: 'Chrome 131 · Windows', ip: '10.20.0.1' });
    expect(listed.map((s) => s.device)).toContain('Safari 17 · iOS');
    expect(listed.map((s) => s.device)).toContain(messages.account.unknownDevice);
    expect(list.headers['cache-control']).toBe('no-store');

    const phoneSession = listed.find((s) => s.ip === '10.20.0.2')!;
    const ended = await t.request({ method: 'DELETE', url: `/v1/users/me/sessions/${phoneSession.id}`, headers: { cookie: desk } });
    expect(ended.json()).toEqual({ status: 200, data: null, message: messages.account.sessionEnded });
    expect((await me(phone)).statusCode).toBe(401);

    const stranger = await signIn(t, (await newUser(t)).username);
    const notTheirs = await t.request({ method: 'DELETE', url: `/v1/users/me/sessions/${listed.find((s) => s.ip === '10.20.0.3')!.id}`, headers: { cookie: stranger } });
    expect(notTheirs.statusCode).toBe(404);
    expect((await me(tablet)).statusCode).toBe(200);

    const others = await t.request({ method: 'DELETE', url: '/v1/users/me/sessions', headers: { cookie: desk } });
    expect(others.json()).toEqual({ status: 200, data: null, message: messages.account.otherSessionsEnded });
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(desk)).statusCode).toBe(200);
  });
});

describe('caching of health data', () => {
  it('answers a patient with no-store, and a file privately, never public or immutable', async () => {
    const user = await newUser(t);
    const cookie = await signIn(t, user.username);
    const patient = await newPatient(t, { owner: user });
    const read = await t.request({ method: 'GET', url: `/v1/patients/${patient.id}`, headers: { cookie } });
    expect(read.headers['cache-control']).toBe('no-store');
    const body = new FormData();
    body.append('files', new File(['anotações da sessão'], 'notas.txt', { type: 'text/plain' }));
    const record = await t.request({ method: 'POST', url: `/v1/patients/${patient.id}/records`, headers: { cookie }, payload: { name: 'Evolução' } });
    const recordId = record.json().data.record.id as string;
    const request = new Request('http://x/', { method: 'POST', body });
    const upload = await t.request({
      method: 'POST',
      url: `/v1/records/${recordId}/attachments`,
      headers: { cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    const key = upload.json().data.recordsAttachments[0].externalKey as string;
    const file = await t.request({ method: 'GET', url: `/v1/files/${key}`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('private');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.headers['cache-control']).not.toMatch(/public|immutable/);
  });
});
