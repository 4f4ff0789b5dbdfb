import { messages } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailUpdates, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { linkToken } from './helpers/smtp';
import { DEFAULT_PASSWORD, newSignedInUser, newUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let sequence = 0;
function freshEmail(): string {
  sequence += 1;
  return `novo${sequence}@example.com`;
}

/** Asks for the change; the current password (the factories' default) is added unless the payload says otherwise. */
function requestUpdate(cookie: string | undefined, payload: unknown) {
  const isPlainObject = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  const withPassword = isPlainObject && !('userPassword' in payload) ? { ...payload, userPassword: DEFAULT_PASSWORD } : payload;
  return t.request({ method: 'POST', url: '/v1/users/me/email-updates', headers: cookie ? { cookie } : {}, payload: withPassword as object });
}

function confirm(payload: unknown) {
  return t.request({ method: 'POST', url: '/v1/users/email-updates/confirm', payload: payload as object });
}

async function storedEmail(id: string): Promise<string> {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row!.email;
}

/** Requests the change and returns the token of the link mailed to the new address. */
async function requestAndReadToken(cookie: string, email: string): Promise<string> {
  const before = await t.mailCount();
  const response = await requestUpdate(cookie, { email });
  expect(response.json()).toEqual({ status: 200, data: null, message: messages.account.emailUpdateSent });
  return linkToken(await t.smtp.waitFor(email, before));
}

const invalidLink = { status: 400, data: null, message: messages.errors.confirmationInvalid, code: expect.any(String), requestId: expect.any(String) };

describe('e-mail update', () => {
  it('mails a confirmation link to the new address and changes the e-mail only when it is confirmed', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const email = freshEmail();
    const before = await t.mailCount();
    const response = await requestUpdate(cookie, { email: `  ${email.toUpperCase()} ` });
    expect(response.json()).toEqual({ status: 200, data: null, message: messages.account.emailUpdateSent });

    const mail = await t.smtp.waitFor(email, before);
    expect(mail.to).toEqual([email]);
    expect(t.smtp.mailsTo(user.email)).toEqual([]);
    expect(mail.subject).toBe(messages.mail.emailUpdateSubject);
    expect(mail.text).toContain('http://consultorio.test/confirm-user-email-update?token=');
    expect(mail.html).toContain('confirm-user-email-update?token=');

    expect(await storedEmail(user.id)).toBe(user.email);
    const me = await t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
    expect(me.json().data.user.email).toBe(user.email);

    const confirmed = await confirm({ confirmationToken: linkToken(mail) });
    expect(confirmed.json()).toEqual({ status: 200, data: null, message: messages.confirmation.emailUpdated });
    expect(await storedEmail(user.id)).toBe(email);
    const after = await t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
    expect(after.json().data.user.email).toBe(email);
    expect(await t.database.db.select().from(emailUpdates).where(eq(emailUpdates.userId, user.id))).toEqual([]);
  });

  it('refuses a token that was already used', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const email = freshEmail();
    const token = await requestAndReadToken(cookie, email);
    expect((await confirm({ confirmationToken: token })).statusCode).toBe(200);
    expect((await confirm({ confirmationToken: token })).json()).toEqual(invalidLink);
    expect(await storedEmail(user.id)).toBe(email);
  });

  it('refuses a token after 24 hours and keeps the e-mail', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const token = await requestAndReadToken(cookie, freshEmail());
    t.clock.advance(24 * 3600 + 1);
    expect((await confirm({ confirmationToken: token })).json()).toEqual(invalidLink);
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it('keeps only the newest request: an older link stops working', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const first = await requestAndReadToken(cookie, freshEmail());
    const secondEmail = freshEmail();
    const second = await requestAndReadToken(cookie, secondEmail);
    expect((await confirm({ confirmationToken: first })).json()).toEqual(invalidLink);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await confirm({ confirmationToken: second })).statusCode).toBe(200);
    expect(await storedEmail(user.id)).toBe(secondEmail);
  });

  it('answers 400 to the current e-mail, in any case, and sends nothing', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const before = await t.mailCount();
    for (const email of [user.email, user.email.toUpperCase()]) {
      const response = await requestUpdate(cookie, { email });
      expect(response.json()).toEqual({ status: 400, data: null, message: messages.errors.emailUnchanged, code: expect.any(String), requestId: expect.any(String) });
    }
    expect(await t.mailCount()).toBe(before);
    expect(await t.database.db.select().from(emailUpdates).where(eq(emailUpdates.userId, user.id))).toEqual([]);
  });

  it("answers 409 to another user's e-mail and sends nothing", async () => {
    const { user, cookie } = await newSignedInUser(t);
    const other = await newUser(t);
    const before = await t.mailCount();
    const response = await requestUpdate(cookie, { email: other.email.toUpperCase() });
    expect(response.json()).toEqual({ status: 409, data: null, message: messages.errors.emailTaken, code: expect.any(String), requestId: expect.any(String) });
    expect(await t.mailCount()).toBe(before);
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(await t.database.db.select().from(emailUpdates).where(eq(emailUpdates.userId, user.id))).toEqual([]);
  });

  it('answers 409 at confirmation when someone else took the address in between, and changes nothing', async () => {
    const first = await newSignedInUser(t);
    const second = await newSignedInUser(t);
    const email = freshEmail();
    const firstToken = await requestAndReadToken(first.cookie, email);
    const secondToken = await requestAndReadToken(second.cookie, email);

    expect((await confirm({ confirmationToken: secondToken })).statusCode).toBe(200);
    const late = await confirm({ confirmationToken: firstToken });
    expect(late.json()).toEqual({ status: 409, data: null, message: messages.errors.emailTaken, code: expect.any(String), requestId: expect.any(String) });
    expect(await storedEmail(first.user.id)).toBe(first.user.email);
    expect(await storedEmail(second.user.id)).toBe(email);
  });

  it.each([
    ['not an e-mail', { email: 'not-an-email' }, messages.validation.emailInvalid],
    ['an e-mail without a domain', { email: 'ana@' }, messages.validation.emailInvalid],
    ['blank', { email: '  ' }, messages.validation.emailRequired],
    ['missing', {}, messages.validation.emailRequired],
    ['a number', { email: 42 }, messages.validation.emailRequired],
    ['too long', { email: `${'a'.repeat(250)}@example.com` }, messages.validation.emailInvalid],
  ])('answers 400 with the exact message when the e-mail is %s', async (_case, payload, message) => {
    const { user, cookie } = await newSignedInUser(t);
    const before = await t.mailCount();
    expect((await requestUpdate(cookie, payload)).json()).toEqual({ status: 400, data: null, message, code: expect.any(String), requestId: expect.any(String) });
    expect(await t.mailCount()).toBe(before);
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it('answers 4xx, never 500, to bad bodies and bad tokens', async () => {
    const { cookie } = await newSignedInUser(t);
    const notJson = await t.request({ method: 'POST', url: '/v1/users/me/email-updates', headers: { cookie, 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.json()).toEqual({ status: 400, data: null, message: messages.errors.invalidJson, code: expect.any(String), requestId: expect.any(String) });
    const huge = await requestUpdate(cookie, { email: `${'a'.repeat(2 * 1024 * 1024)}@example.com` });
    expect(huge.json()).toEqual({ status: 413, data: null, message: messages.errors.bodyTooLarge, code: expect.any(String), requestId: expect.any(String) });

    expect((await confirm({ confirmationToken: 'unknown-token' })).json()).toEqual(invalidLink);
    expect((await confirm({})).json()).toEqual({ status: 400, data: null, message: messages.validation.tokenRequired, code: expect.any(String), requestId: expect.any(String) });
    expect((await confirm({ confirmationToken: 123 })).json()).toEqual({ status: 400, data: null, message: messages.validation.tokenRequired, code: expect.any(String), requestId: expect.any(String) });
    expect((await confirm({ confirmationToken: 'x'.repeat(201) })).json()).toEqual({ status: 400, data: null, message: messages.validation.tokenRequired, code: expect.any(String), requestId: expect.any(String) });
    expect((await confirm(['token'])).json()).toEqual({ status: 400, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });
  });

  it('answers 401 without a session and sends nothing', async () => {
    const before = await t.mailCount();
    const response = await requestUpdate(undefined, { email: freshEmail() });
    expect(response.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    expect(await t.mailCount()).toBe(before);
  });
});
