import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MAILS_PER_HOUR } from '../src/modules/auth/auth.service';
import { createTestApp, type TestApp } from './helpers/build-app';
import { linkToken } from './helpers/smtp';
import { newUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = { username: 'maria_clara', email: 'maria@example.com', firstName: 'Maria', lastName: 'Clara', password: 'Senha123' };

// Registrations are limited per client address: each one comes from an address of its own unless a test says otherwise.
let lastIp = 0;
function freshIp(): string {
  lastIp += 1;
  return `10.2.${Math.floor(lastIp / 200)}.${(lastIp % 200) + 1}`;
}

function register(payload: object, remoteAddress = freshIp()) {
  return t.request({ method: 'POST', url: '/v1/users/registrations', payload, remoteAddress });
}

function resend(id: string) {
  return t.request({ method: 'POST', url: '/v1/users/registrations/resend-email', payload: { id } });
}

function login(username: string, password: string) {
  return t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username, password }, remoteAddress: freshIp() });
}

const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

describe('registration', () => {
  it('creates a pending registration, mails a link through SMTP, and confirming it creates the user', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: 201, data: { userRegistration: { id: expect.any(String) } } });

    const mail = await t.smtp.waitFor('maria@example.com');
    expect(mail.subject).toBe(messages.mail.registrationSubject);
    expect(mail.text).toContain('http://consultorio.test/confirm-user-registration?token=');
    expect(mail.html).toContain('confirm-user-registration?token=');

    const confirm = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: linkToken(mail) } });
    expect(confirm.json()).toEqual({ status: 200, data: null, message: messages.confirmation.registrationConfirmed });

    const login = await t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username: 'maria_clara', password: 'Senha123' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ username: 'maria_clara', email: 'maria@example.com', cc: '+55', country: 'BR' });
  });

  it('refuses a token that was already used', async () => {
    const before = t.smtp.received.length;
    await register({ ...valid, username: 'reused_token', email: 'reused@example.com' });
    const token = linkToken(await t.smtp.waitFor('reused@example.com', before));
    const first = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: token } });
    expect(first.statusCode).toBe(200);
    const second = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: token } });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(messages.errors.confirmationInvalid);
  });

  it('refuses an expired or unknown token', async () => {
    const before = t.smtp.received.length;
    await register({ ...valid, username: 'late_user', email: 'late@example.com' });
    const token = linkToken(await t.smtp.waitFor('late@example.com', before));
    t.clock.advance(24 * 3600 + 1);
    const expired = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(messages.errors.confirmationInvalid);
    const unknown = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: 'nope' } });
    expect(unknown.statusCode).toBe(400);
    const missing = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: {} });
    expect(missing.json()).toMatchObject({ status: 400, message: messages.validation.tokenRequired });
  });

  it('answers 409 when the username is taken', async () => {
    const existing = await newUser(t);
    const username = await register({ ...valid, username: existing.username, email: 'other@example.com' });
    expect(username.json()).toEqual(failure(409, messages.errors.usernameTaken));
  });

  it("answers a registration with an account's e-mail like any other, and tells the owner instead of sending a link", async () => {
    const owner = await newUser(t, { email: 'dona@example.com', firstName: 'Dora' });
    const before = await t.mailCount();
    const fresh = await register({ ...valid, username: 'alguem_novo', email: 'ninguem@example.com' });
    const taken = await register({ ...valid, username: 'intruso_um', email: 'DONA@example.com' });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ status: 201, data: { userRegistration: { id: expect.any(String) } }, message: fresh.json().message });

    const notice = await t.smtp.waitFor(owner.email, before);
    expect(notice.subject).toBe(messages.mail.registrationAttemptSubject);
    expect(notice.text).toContain(messages.mail.greeting('Dora'));
    expect(notice.text).toContain(messages.mail.registrationAttemptBody);
    expect(notice.text).not.toContain('token=');
    expect(notice.html).not.toContain('token=');

    // Like a pending registration: the same e-mail answers the same id, and resends follow the same rules.
    const id = taken.json().data.userRegistration.id as string;
    expect((await register({ ...valid, username: 'intruso_dois', email: owner.email })).json().data.userRegistration.id).toBe(id);
    expect((await resend(id)).json()).toEqual(failure(429, messages.errors.resendTooSoon));
    t.clock.advance(31);
    expect((await resend(id)).statusCode).toBe(200);
    await t.mailCount();
    const notices = t.smtp.mailsTo(owner.email);
    expect(notices.map((mail) => mail.subject)).toEqual([messages.mail.registrationAttemptSubject, messages.mail.registrationAttemptSubject]);
    expect(notices.every((mail) => !mail.text.includes('token='))).toBe(true);
    // The owner's account is as it was.
    expect((await login(owner.username, owner.password)).statusCode).toBe(200);
  });

  it('refuses more than 10 registrations an hour from one address (REGISTRATIONS_PER_HOUR), whatever the e-mails', async () => {
    const address = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await register({ ...valid, username: `lote_${i}_usuario`, email: `lote${i}@example.com` }, address)).statusCode).toBe(201);
    }
    const refused = await register({ ...valid, username: 'lote_extra_1', email: 'lote-extra@example.com' }, address);
    expect(refused.json()).toEqual(failure(429, messages.errors.tooManyRegistrations(60)));
    expect((await register({ ...valid, username: 'lote_extra_1', email: 'lote-extra@example.com' })).statusCode).toBe(201);
    t.clock.advance(3601);
    expect((await register({ ...valid, username: 'lote_extra_2', email: 'lote-extra2@example.com' }, address)).statusCode).toBe(201);
  });

  it(`sends at most ${REGISTRATION_MAILS_PER_HOUR} registration mails an hour to one e-mail, with or without an account`, async () => {
    const owner = await newUser(t);
    for (const email of ['muitos@example.com', owner.email]) {
      await t.mailCount();
      const sentBefore = t.smtp.mailsTo(email).length;
      const id = (await register({ ...valid, username: `muitos_${email.length}`, email })).json().data.userRegistration.id as string;
      for (let i = 1; i < REGISTRATION_MAILS_PER_HOUR; i++) {
        t.clock.advance(31);
        expect((await resend(id)).statusCode).toBe(200);
      }
      t.clock.advance(31);
      expect((await resend(id)).json()).toEqual(failure(429, messages.errors.tooManyRegistrations(58)));
      t.clock.advance(31);
      expect((await register({ ...valid, username: `outro_${email.length}`, email })).statusCode).toBe(429);
      await t.mailCount();
      expect(t.smtp.mailsTo(email).length - sentBefore).toBe(REGISTRATION_MAILS_PER_HOUR);
      t.clock.advance(3601);
      expect((await resend(id)).statusCode).toBe(200);
    }
  });

  it('tells a login with the password of an unconfirmed registration to confirm, and mails a new link at most once a minute', async () => {
    const pending = { ...valid, username: 'sem_confirmar', email: 'sem-confirmar@example.com' };
    const before = await t.mailCount();
    await register(pending);
    const firstToken = linkToken(await t.smtp.waitFor(pending.email, before));
    const mailsTo = async () => {
      await t.mailCount();
      return t.smtp.mailsTo(pending.email).length;
    };

    const wrong = await login(pending.username, 'Errada123');
    expect(wrong.json()).toEqual(failure(401, messages.errors.invalidCredentials));

    // The first link has just gone: the answer says so, and no other goes within the minute.
    const soon = await login(pending.username, pending.password);
    expect(soon.json()).toEqual(failure(403, messages.errors.emailNotConfirmed));
    expect(messages.errors.emailNotConfirmed).toBe('Confirme seu e-mail para entrar. Enviamos um novo link.');
    expect(soon.headers['set-cookie']).toBeUndefined();
    expect(await mailsTo()).toBe(1);

    t.clock.advance(61);
    const count = t.smtp.received.length;
    expect((await login(`  ${pending.username.toUpperCase()} `, pending.password)).json()).toEqual(failure(403, messages.errors.emailNotConfirmed));
    const newToken = linkToken(await t.smtp.waitFor(pending.email, count));
    expect(newToken).not.toBe(firstToken);
    expect((await login(pending.username, pending.password)).statusCode).toBe(403);
    expect(await mailsTo()).toBe(2);

    expect((await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: newToken } })).statusCode).toBe(200);
    expect((await login(pending.username, pending.password)).statusCode).toBe(200);
  });

  it.each([
    [{ ...valid, username: 'Ab' }, messages.validation.usernameRule],
    [{ ...valid, username: 'Maria_Clara' }, messages.validation.usernameRule],
    [{ ...valid, password: 'senha123' }, messages.validation.passwordRule],
    [{ ...valid, password: 'Sh0rt' }, messages.validation.passwordRule],
    [{ ...valid, password: `Senha123${'x'.repeat(121)}` }, messages.validation.passwordRule],
    [{ ...valid, firstName: 'M' }, messages.validation.firstNameRequired],
    [{ ...valid, email: 'not-an-email' }, messages.validation.emailInvalid],
    [{ ...valid, email: undefined }, messages.validation.emailRequired],
    [{ ...valid, username: 42 }, messages.credentials.usernameRequired],
  ])('answers 400 with the rule message for %j', async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, data: null, message, code: expect.any(String), requestId: expect.any(String) });
  });

  it('keeps a pending registration as it is: the same e-mail resends its link, the same username answers 409', async () => {
    const first = { ...valid, username: 'pendente_um', email: 'pendente@example.com', firstName: 'Primeira' };
    const before = t.smtp.received.length;
    const created = (await register(first)).json().data.userRegistration.id as string;
    const firstToken = linkToken(await t.smtp.waitFor('pendente@example.com', before));

    // The same e-mail with other data: the pending registration is kept, its link resent once due.
    const again = await register({ ...first, username: 'pendente_dois', firstName: 'Intrusa', password: 'Outra123' });
    expect(again.json()).toMatchObject({ status: 201, data: { userRegistration: { id: created } } });
    t.clock.advance(31);
    const count = t.smtp.received.length;
    expect((await register({ ...first, firstName: 'Intrusa' })).json().data.userRegistration.id).toBe(created);
    const secondToken = linkToken(await t.smtp.waitFor('pendente@example.com', count));
    expect(secondToken).not.toBe(firstToken);

    // The same username with another e-mail: taken while the first is pending.
    const username = await register({ ...first, email: 'outra@example.com' });
    expect(username.json()).toEqual({ status: 409, data: null, message: messages.errors.usernameTaken, code: expect.any(String), requestId: expect.any(String) });

    expect((await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: secondToken } })).statusCode).toBe(200);
    const login = await t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: { username: 'pendente_um', password: valid.password } });
    expect(login.json().data.user).toMatchObject({ firstName: 'Primeira', email: 'pendente@example.com' });
  });

  it('lets a new registration take the username and e-mail of one whose link expired', async () => {
    const stale = { ...valid, username: 'expirado_um', email: 'expirado@example.com' };
    const old = (await register(stale)).json().data.userRegistration.id as string;
    t.clock.advance(25 * 3600);
    const fresh = await register({ ...stale, firstName: 'Nova' });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().data.userRegistration.id).not.toBe(old);
  });

  it('resends at most once per 30 seconds, and only the newest link works', async () => {
    const before = t.smtp.received.length;
    const response = await register({ ...valid, username: 'resend_user', email: 'resend@example.com' });
    const { id } = response.json().data.userRegistration;
    const firstToken = linkToken(await t.smtp.waitFor('resend@example.com', before));

    const tooSoon = await t.request({ method: 'POST', url: '/v1/users/registrations/resend-email', payload: { id } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(messages.errors.resendTooSoon);

    t.clock.advance(31);
    const count = t.smtp.received.length;
    const resent = await t.request({ method: 'POST', url: '/v1/users/registrations/resend-email', payload: { id } });
    expect(resent.statusCode).toBe(200);
    const secondToken = linkToken(await t.smtp.waitFor('resend@example.com', count));
    expect(secondToken).not.toBe(firstToken);

    const old = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: firstToken } });
    expect(old.statusCode).toBe(400);
    const fresh = await t.request({ method: 'POST', url: '/v1/users/registrations/confirm', payload: { confirmationToken: secondToken } });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 404 to a resend for an unknown registration and 400 to a malformed id', async () => {
    const unknown = await t.request({ method: 'POST', url: '/v1/users/registrations/resend-email', payload: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({ method: 'POST', url: '/v1/users/registrations/resend-email', payload: { id: 'x' } });
    expect(malformed.json()).toMatchObject({ status: 400, message: messages.validation.idInvalid });
  });

  it('answers 400, never 500, to bodies that are not JSON objects, and 413 to oversized bodies', async () => {
    const notJson = await t.request({ method: 'POST', url: '/v1/users/registrations', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(notJson.statusCode).toBe(400);
    const array = await t.request({ method: 'POST', url: '/v1/users/registrations', payload: [1, 2] });
    expect(array.json()).toMatchObject({ status: 400, message: messages.validation.invalidBody });
    const huge = await register({ ...valid, firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    const text = await t.request({ method: 'POST', url: '/v1/users/registrations', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
  });
});
