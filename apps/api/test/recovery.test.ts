import { isValidPassword, messages } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { mailedPassword } from './helpers/smtp';
import { newUser } from './factories/users';
import { RECOVERY_MAILS_PER_HOUR } from '../src/modules/auth/auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sent = { status: 200, data: null, message: messages.recovery.sent };

function recover(kind: 'username' | 'password', payload: object) {
  return t.request({ method: 'POST', url: `/v1/users/recover-${kind}`, payload });
}

function login(username: string, password: string) {
  return t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username, password } });
}

async function recoverPassword(email: string): Promise<string> {
  const before = await t.mailCount();
  expect((await recover('password', { email })).json()).toEqual(sent);
  const mail = await t.smtp.waitFor(email, before);
  expect(mail.subject).toBe(messages.mail.passwordSubject);
  return mailedPassword(mail);
}

describe('recover username', () => {
  it('mails the username to a known e-mail, matched in any case', async () => {
    const user = await newUser(t);
    const before = await t.mailCount();
    const response = await recover('username', { email: `  ${user.email.toUpperCase()} ` });
    expect(response.json()).toEqual(sent);
    const mail = await t.smtp.waitFor(user.email, before);
    expect(mail.subject).toBe(messages.mail.usernameSubject);
    expect(mail.text).toContain(messages.mail.usernameBody(user.username));
    expect(mail.html).toContain(user.username);
    expect(mail.text).toContain('http://consultorio.test/');
  });

  it('answers the same to an unknown e-mail and sends nothing', async () => {
    const before = await t.mailCount();
    const response = await recover('username', { email: 'ninguem@example.com' });
    expect(response.json()).toEqual(sent);
    await t.app.jobs.idle();
    expect(t.smtp.mailsTo('ninguem@example.com')).toEqual([]);
    expect(await t.mailCount()).toBe(before);
  });
});

describe('recover password', () => {
  it('answers the same to an unknown e-mail, sends nothing and stores nothing', async () => {
    const before = await t.mailCount();
    const response = await recover('password', { email: 'ninguem@example.com' });
    expect(response.json()).toEqual(sent);
    await t.app.jobs.idle();
    expect(await t.mailCount()).toBe(before);
    expect(await t.database.db.select().from(passwordResets)).toEqual([]);
  });

  it('mails a new password that satisfies the password rule, and stores only its hash', async () => {
    const user = await newUser(t);
    const password = await recoverPassword(user.email);
    expect(isValidPassword(password)).toBe(true);
    expect(password).not.toBe(user.password);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.passwordHash).not.toContain(password);
  });

  it('keeps the old password working until the new one is used; then the new one is the password', async () => {
    const user = await newUser(t);
    const mailed = await recoverPassword(user.email);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));

    expect((await login(user.username, mailed)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).json()).toEqual({ status: 401, data: null, message: messages.errors.invalidCredentials, code: expect.any(String), requestId: expect.any(String) });
    expect((await login(user.username, mailed)).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).not.toBe(before!.passwordHash);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });

  it('retires the mailed password when the old one is used first', async () => {
    const user = await newUser(t);
    const mailed = await recoverPassword(user.email);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect((await login(user.username, mailed)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });

  it('lets the mailed password expire after 1 hour, leaving the old one', async () => {
    const user = await newUser(t);
    const mailed = await recoverPassword(user.email);
    t.clock.advance(60 * 60 + 1);
    expect((await login(user.username, mailed)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('keeps only the newest mailed password', async () => {
    const user = await newUser(t);
    const first = await recoverPassword(user.email);
    const second = await recoverPassword(user.email);
    expect(second).not.toBe(first);
    expect((await login(user.username, first)).statusCode).toBe(401);
    expect((await login(user.username, second)).statusCode).toBe(200);
  });
});

describe('recovery mail allowance', () => {
  it.each(['username', 'password'] as const)(
    'mails an address at most 3 times an hour (recover-%s), answering the same every time',
    async (kind) => {
      const user = await newUser(t);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await recover(kind, { email: user.email })).json()).toEqual(sent);
      }
      await t.app.jobs.idle();
      expect(t.smtp.mailsTo(user.email)).toHaveLength(RECOVERY_MAILS_PER_HOUR);

      t.clock.advance(3601);
      expect((await recover(kind, { email: user.email })).json()).toEqual(sent);
      await t.app.jobs.idle();
      await t.smtp.waitFor(user.email, t.smtp.received.length - 1);
      expect(t.smtp.mailsTo(user.email)).toHaveLength(RECOVERY_MAILS_PER_HOUR + 1);
    },
  );
});

describe('recovery input', () => {
  it.each(['username', 'password'] as const)('answers 400 with the exact message to a bad e-mail (recover-%s)', async (kind) => {
    const before = await t.mailCount();
    expect((await recover(kind, { email: 'not-an-email' })).json()).toEqual({ status: 400, data: null, message: messages.validation.emailInvalid, code: expect.any(String), requestId: expect.any(String) });
    expect((await recover(kind, { email: 'a@b' })).json()).toEqual({ status: 400, data: null, message: messages.validation.emailInvalid, code: 'VALIDATION', requestId: expect.any(String) });
    expect((await recover(kind, {})).json()).toEqual({ status: 400, data: null, message: messages.validation.emailRequired, code: expect.any(String), requestId: expect.any(String) });
    expect((await recover(kind, { email: '' })).json()).toEqual({ status: 400, data: null, message: messages.validation.emailRequired, code: expect.any(String), requestId: expect.any(String) });
    expect((await recover(kind, { email: 42 })).json()).toEqual({ status: 400, data: null, message: messages.validation.emailRequired, code: expect.any(String), requestId: expect.any(String) });
    expect((await recover(kind, { email: `${'a'.repeat(250)}@example.com` })).json()).toEqual({
      status: 400,
      data: null,
      message: messages.validation.emailInvalid,
      code: expect.any(String),
      requestId: expect.any(String),
    });
    const notJson = await t.request({ method: 'POST', url: `/v1/users/recover-${kind}`, headers: { 'content-type': 'application/json' }, payload: 'email=' });
    expect(notJson.statusCode).toBe(400);
    const huge = await recover(kind, { email: `${'a'.repeat(2 * 1024 * 1024)}@example.com` });
    expect(huge.statusCode).toBe(413);
    await t.app.jobs.idle();
    expect(await t.mailCount()).toBe(before);
  });
});
