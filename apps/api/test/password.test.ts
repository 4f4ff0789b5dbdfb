import { messages } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { newSignedInUser, signIn } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'NovaSenha9';

function changePassword(cookie: string | undefined, payload: unknown) {
  return t.request({ method: 'PUT', url: '/v1/users/me/password', headers: cookie ? { cookie } : {}, payload: payload as object });
}

function login(username: string, password: string) {
  return t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username, password } });
}

function me(cookie: string) {
  return t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
}

async function storedHash(id: string): Promise<string> {
  const [row] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.passwordHash;
}

describe('PUT /v1/users/me/password', () => {
  it('changes the password, keeps the current session and ends every other one', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const other = await signIn(t, user.username);
    const otherUser = await newSignedInUser(t);

    const response = await changePassword(cookie, { userPassword: user.password, password: NEW_PASSWORD });
    expect(response.json()).toEqual({ status: 200, data: null, message: messages.account.passwordUpdated });

    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    expect((await me(otherUser.cookie)).statusCode).toBe(200);

    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).json()).toEqual({ status: 401, data: null, message: messages.errors.invalidCredentials, code: expect.any(String), requestId: expect.any(String) });
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$/);
  });

  it('answers 400 "Senha incorreta ou erro na atualização" to a wrong current password and changes nothing', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const other = await signIn(t, user.username);
    const before = await storedHash(user.id);

    const response = await changePassword(cookie, { userPassword: 'Errada123', password: NEW_PASSWORD });
    expect(response.json()).toEqual({ status: 400, data: null, message: messages.errors.passwordUpdateFailed, code: expect.any(String), requestId: expect.any(String) });
    expect(messages.errors.passwordUpdateFailed).toBe('Senha incorreta ou erro na atualização');

    expect(await storedHash(user.id)).toBe(before);
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ['is too short', 'Ab1cdef', messages.validation.passwordRule],
    ['is longer than 128 characters', `Ab1${'c'.repeat(126)}`, messages.validation.passwordRule],
    ['has no uppercase letter', 'senha1234', messages.validation.passwordRule],
    ['has no lowercase letter', 'SENHA1234', messages.validation.passwordRule],
    ['has no digit', 'SenhaSemNumero', messages.validation.passwordRule],
    ['is empty', '', messages.credentials.passwordRequired],
    ['is missing', undefined, messages.credentials.passwordRequired],
    ['is a number', 12345678, messages.credentials.passwordRequired],
  ])('answers 400 with the rule message when the new password %s, and changes nothing', async (_case, password, message) => {
    const { user, cookie } = await newSignedInUser(t);
    const before = await storedHash(user.id);
    const response = await changePassword(cookie, { userPassword: user.password, password });
    expect(response.json()).toEqual({ status: 400, data: null, message, code: expect.any(String), requestId: expect.any(String) });
    expect(await storedHash(user.id)).toBe(before);
  });

  it('accepts a passphrase of 64 characters and one of 128 (ASVS 2.1.2), and signs in with it', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const sixtyFour = 'A frase longa de 64 letras, com números 1 e 2, fácil de lembrar.';
    const longest = `${sixtyFour}${sixtyFour}`;
    expect([sixtyFour.length, longest.length]).toEqual([64, 128]);
    expect((await changePassword(cookie, { userPassword: user.password, password: sixtyFour })).statusCode).toBe(200);
    expect((await changePassword(cookie, { userPassword: sixtyFour, password: longest })).statusCode).toBe(200);
    expect((await login(user.username, longest)).statusCode).toBe(200);
  });

  it("tells the account's e-mail that the password changed, when, and whom to write to", async () => {
    const { user, cookie } = await newSignedInUser(t, { firstName: 'Joana', timeZone: 'America/Manaus' });
    const before = await t.mailCount();
    const bodyAt = (date: Date) =>
      messages.mail.passwordChangedBody(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Manaus' }).format(date));
    const asked = t.clock.now();
    expect((await changePassword(cookie, { userPassword: user.password, password: NEW_PASSWORD })).statusCode).toBe(200);
    const answered = t.clock.now();
    const notice = await t.smtp.waitFor(user.email, before);
    expect(notice.subject).toBe(messages.mail.passwordChangedSubject);
    expect(notice.text).toContain(messages.mail.greeting('Joana'));
    // In the professional's zone, at the minute of the change.
    expect([bodyAt(asked), bodyAt(answered)].some((body) => notice.text.includes(body))).toBe(true);
    expect(notice.text).toContain(messages.mail.securityNoticeAction(t.config.supportContacts.account));
    expect(notice.text).not.toContain(NEW_PASSWORD);
    // A refused change tells nobody.
    const count = await t.mailCount();
    expect((await changePassword(cookie, { userPassword: 'Errada123', password: 'Outra1234' })).statusCode).toBe(400);
    expect(await t.mailCount()).toBe(count);
  });

  it('requires the current password', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const before = await storedHash(user.id);
    for (const userPassword of [undefined, '', null, 42]) {
      const response = await changePassword(cookie, { userPassword, password: NEW_PASSWORD });
      expect(response.json()).toEqual({ status: 400, data: null, message: messages.validation.currentPasswordRequired, code: expect.any(String), requestId: expect.any(String) });
    }
    expect(await storedHash(user.id)).toBe(before);
  });

  it('retires a pending recovery password', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const before = t.smtp.received.length;
    await t.request({ method: 'POST', url: '/v1/users/recover-password', payload: { email: user.email } });
    await t.smtp.waitFor(user.email, before);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(1);

    expect((await changePassword(cookie, { userPassword: user.password, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });

  it('answers 4xx, never 500, to bodies that are not password changes', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const before = await storedHash(user.id);
    expect((await changePassword(cookie, [user.password, NEW_PASSWORD])).json()).toEqual({ status: 400, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });
    const notJson = await t.request({ method: 'PUT', url: '/v1/users/me/password', headers: { cookie, 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.json()).toEqual({ status: 400, data: null, message: messages.errors.invalidJson, code: expect.any(String), requestId: expect.any(String) });
    const huge = await changePassword(cookie, { userPassword: 'x'.repeat(2 * 1024 * 1024), password: NEW_PASSWORD });
    expect(huge.json()).toEqual({ status: 413, data: null, message: messages.errors.bodyTooLarge, code: expect.any(String), requestId: expect.any(String) });
    const long = await changePassword(cookie, { userPassword: 'x'.repeat(129), password: NEW_PASSWORD });
    expect(long.statusCode).toBe(400);
    expect(await storedHash(user.id)).toBe(before);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const { user } = await newSignedInUser(t);
    const before = await storedHash(user.id);
    const response = await changePassword(undefined, { userPassword: user.password, password: NEW_PASSWORD });
    expect(response.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    expect(await storedHash(user.id)).toBe(before);
  });
});
