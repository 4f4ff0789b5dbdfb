import { messages, todayIsoDate } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { newSignedInUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const v = messages.validation;

const complete = {
  firstName: 'Beatriz',
  lastName: 'Lima',
  gender: 'female',
  title: 'Dra.',
  birthdate: '1985-04-12',
  document: '529.982.247-25',
  cc: '+55',
  phone: '11 98765-4321',
  country: 'BR',
  profession: 'Psicóloga',
};

function update(cookie: string, payload: unknown) {
  return t.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie }, payload: payload as object });
}

async function storedUser(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

function daysFromToday(days: number): string {
  return todayIsoDate(new Date(Date.now() + days * 86400 * 1000));
}

describe('PUT /v1/users/me', () => {
  it('saves every field, keeps CPF and phone as digits, and answers the user with a message', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await update(cookie, complete);
    expect(response.statusCode).toBe(200);
    const expected = {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: 'Beatriz',
      lastName: 'Lima',
      gender: 'female',
      title: 'Dra.',
      birthdate: '1985-04-12',
      document: '52998224725',
      cc: '+55',
      phone: '11987654321',
      country: 'BR',
      profession: 'Psicóloga',
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
      // Not chosen: the one 'Psicóloga' suggests (nothing is stored).
      occupationCode: '255',
      bookingSlug: null,
      bookingEnabled: false,
    };
    expect(response.json()).toEqual({ status: 200, data: { user: expected }, message: messages.account.profileUpdated });

    const row = await storedUser(user.id);
    const { mustChangePassword, pixKeyType: _pixKeyType, occupationCode: _occupationCode, ...stored } = expected;
    expect(row).toMatchObject({ ...stored, id: user.id, passwordChangeRequired: mustChangePassword });
    const me = await t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
    expect(me.json().data.user).toEqual(expected);
  });

  it('keeps the time zone when a save leaves it out, changes it to a valid IANA zone and refuses others', async () => {
    const { cookie } = await newSignedInUser(t);
    const profile = { firstName: 'Beatriz', lastName: 'Lima' };
    const put = (payload: object) => t.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie }, payload });
    expect((await put(profile)).json().data.user.timeZone).toBe('America/Sao_Paulo');
    expect((await put({ ...profile, timeZone: 'America/Manaus' })).json().data.user.timeZone).toBe('America/Manaus');
    expect((await put(profile)).json().data.user.timeZone).toBe('America/Manaus');
    for (const timeZone of ['Marte/Base', '../etc/passwd', 'America/Sao Paulo', 42]) {
      expect((await put({ ...profile, timeZone })).json()).toEqual({ status: 400, data: null, message: messages.validation.timeZoneInvalid, code: expect.any(String), requestId: expect.any(String) });
    }
  });

  it('accepts a number of another country with its calling code', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await update(cookie, { ...complete, cc: '+1', country: 'US', phone: '(415) 555-2671', gender: 'male', title: 'Dr.' });
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ cc: '+1', country: 'US', phone: '4155552671', gender: 'male', title: 'Dr.' });
  });

  it('takes the calling code from the country when only the country is given', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await update(cookie, { firstName: 'John', lastName: 'Smith', country: 'US', phone: '(415) 555-2671' });
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ cc: '+1', country: 'US', phone: '4155552671' });
  });

  it('ignores the e-mail in the body: it is changed only through the confirmation link', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await update(cookie, { ...complete, email: 'outro@example.com', username: 'hacked_name', id: crypto.randomUUID() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ id: user.id, email: user.email, username: user.username });
    expect(await storedUser(user.id)).toMatchObject({ id: user.id, email: user.email, username: user.username });
  });

  it('defaults to +55 and Brasil, and clears optional fields that are left out or blank', async () => {
    const { user, cookie } = await newSignedInUser(t, { cc: '+1', country: 'US', phone: '4155552671', profession: 'Médica' });
    const response = await update(cookie, { firstName: 'Ana', lastName: 'Souza', profession: '   ', gender: '', title: '', birthdate: '', document: '' });
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({
      cc: '+55',
      country: 'BR',
      phone: null,
      profession: null,
      gender: null,
      title: null,
      birthdate: null,
      document: null,
    });
  });

  it("saves the 'Endereço do consultório', keeps it when an edit leaves it out, clears it when blank and refuses one too long", async () => {
    const { user, cookie } = await newSignedInUser(t);
    const address = 'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP';
    const saved = await update(cookie, { ...complete, officeAddress: `  ${address} ` });
    expect(saved.json().data.user.officeAddress).toBe(address);
    expect((await update(cookie, complete)).json().data.user.officeAddress).toBe(address);
    expect(await storedUser(user.id)).toMatchObject({ officeAddress: address });
    const tooLong = await update(cookie, { ...complete, officeAddress: 'a'.repeat(201) });
    expect(tooLong.json()).toEqual({ status: 400, data: null, message: messages.validation.tooLong(200), code: expect.any(String), requestId: expect.any(String) });
    expect((await update(cookie, { ...complete, officeAddress: ' ' })).json().data.user.officeAddress).toBeNull();
  });

  it('keeps the CPF and the professional registration when an edit leaves them out, and clears them when blank', async () => {
    const { user, cookie } = await newSignedInUser(t);
    expect((await update(cookie, { ...complete, professionalRegistration: 'CRP 06/12345' })).statusCode).toBe(200);
    const { document: _document, professionalRegistration: _registration, ...withoutThem } = { ...complete, professionalRegistration: 'x' };
    expect((await update(cookie, withoutThem)).statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ document: '52998224725', professionalRegistration: 'CRP 06/12345' });
    expect((await update(cookie, { ...withoutThem, document: '', professionalRegistration: null })).statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ document: null, professionalRegistration: null });
  });

  it.each([
    ['female', 'Sra.'],
    ['female', 'Dra.'],
    ['male', 'Sr.'],
    ['male', 'Dr.'],
    [null, 'Sr.'],
    [null, 'Dr.'],
    ['other', null],
    ['undisclosed', null],
    ['other', 'Dr(a).'],
    ['undisclosed', 'Dr(a).'],
    ['female', 'Dr(a).'],
    ['male', 'Dr(a).'],
    [null, 'Dr(a).'],
  ])('accepts gender %s with title %s', async (gender, title) => {
    const { user, cookie } = await newSignedInUser(t);
    expect((await update(cookie, { ...complete, gender, title })).statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ gender, title });
  });

  it.each([
    ['the first name has 1 letter', { firstName: 'B' }, v.firstNameRequired],
    ['the first name is 1 letter between spaces', { firstName: '  B  ' }, v.firstNameRequired],
    ['the first name is missing', { firstName: undefined }, v.firstNameRequired],
    ['the first name is null', { firstName: null }, v.firstNameRequired],
    ['the first name is a number', { firstName: 42 }, v.firstNameRequired],
    ['the first name is too long', { firstName: 'x'.repeat(101) }, v.tooLong(100)],
    ['the last name has 1 letter', { lastName: 'L' }, v.lastNameRequired],
    ['the last name is missing', { lastName: undefined }, v.lastNameRequired],
    ['the last name is blank', { lastName: '' }, v.lastNameRequired],
    ['the profession has 2 letters', { profession: 'Ps' }, v.professionMin],
    ['the profession is an object', { profession: { name: 'Psicóloga' } }, v.invalidBody],
    ['a woman is Sr.', { gender: 'female', title: 'Sr.' }, v.titleInvalid],
    ['a woman is Dr.', { gender: 'female', title: 'Dr.' }, v.titleInvalid],
    ['a man is Sra.', { gender: 'male', title: 'Sra.' }, v.titleInvalid],
    ['a man is Dra.', { gender: 'male', title: 'Dra.' }, v.titleInvalid],
    ['no gender is Dra.', { gender: null, title: 'Dra.' }, v.titleInvalid],
    ['the title is unknown', { title: 'Prof.' }, v.titleInvalid],
    ['the gender is unknown', { gender: 'nonbinary', title: null }, v.genderInvalid],
    ["'Outro' is Dr.", { gender: 'other', title: 'Dr.' }, v.titleInvalid],
    ["'Prefiro não informar' is Sra.", { gender: 'undisclosed', title: 'Sra.' }, v.titleInvalid],
    ['the CPF check digits are wrong', { document: '529.982.247-26' }, v.documentInvalid],
    ['the CPF repeats one digit', { document: '111.111.111-11' }, v.documentInvalid],
    ['the CPF is short', { document: '1234' }, v.documentInvalid],
    ['the phone is 3 digits', { phone: '123' }, v.phoneInvalid],
    ['the phone is too short for Brasil', { phone: '11 1234' }, v.phoneInvalid],
    ['a Brazilian phone is given for the US', { cc: '+1', country: 'US', phone: '11 98765-4321' }, v.phoneInvalid],
    ['the calling code has no plus', { cc: '55' }, v.ccInvalid],
    ['the country is unknown', { country: 'XX' }, v.countryInvalid],
    ['the country is a name, not a code', { country: 'Brasil' }, v.countryInvalid],
    ['the birthdate is in the future', { birthdate: daysFromToday(2) }, v.birthdateFuture],
    ['the birthdate does not exist', { birthdate: '1990-02-30' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the birthdate is dd/mm/yyyy', { birthdate: '12/05/1990' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the birthdate is a number', { birthdate: 19900512 }, v.dateInvalid(v.dateFields.birthdate)],
  ])('answers 400 with the rule message when %s, and keeps the saved profile', async (_case, change, message) => {
    const { user, cookie } = await newSignedInUser(t);
    expect((await update(cookie, complete)).statusCode).toBe(200);
    const saved = await storedUser(user.id);

    const response = await update(cookie, { ...complete, ...change });
    expect(response.json()).toEqual({ status: 400, data: null, message, code: expect.any(String), requestId: expect.any(String) });
    expect(await storedUser(user.id)).toEqual(saved);
  });

  it('accepts a birthdate of today', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const today = todayIsoDate();
    expect((await update(cookie, { ...complete, birthdate: today })).statusCode).toBe(200);
    expect((await storedUser(user.id)).birthdate).toBe(today);
  });

  it('answers 4xx, never 500, to bodies that are not profiles, and keeps the saved profile', async () => {
    const { user, cookie } = await newSignedInUser(t);
    expect((await update(cookie, complete)).statusCode).toBe(200);
    const saved = await storedUser(user.id);

    const array = await update(cookie, [complete]);
    expect(array.json()).toEqual({ status: 400, data: null, message: v.invalidBody, code: expect.any(String), requestId: expect.any(String) });
    const notJson = await t.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie, 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(notJson.json()).toEqual({ status: 400, data: null, message: messages.errors.invalidJson, code: expect.any(String), requestId: expect.any(String) });
    const empty = await t.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie } });
    expect(empty.statusCode).toBe(400);
    const huge = await update(cookie, { ...complete, profession: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.json()).toEqual({ status: 413, data: null, message: messages.errors.bodyTooLarge, code: expect.any(String), requestId: expect.any(String) });
    const form = await t.request({
      method: 'PUT',
      url: '/v1/users/me',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'firstName=Zeca&lastName=Pagodinho',
    });
    expect(form.json()).toEqual({ status: 415, data: null, message: messages.errors.unsupportedMediaType, code: expect.any(String), requestId: expect.any(String) });

    expect(await storedUser(user.id)).toEqual(saved);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const { user } = await newSignedInUser(t);
    const saved = await storedUser(user.id);
    const response = await t.request({ method: 'PUT', url: '/v1/users/me', payload: complete });
    expect(response.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    const forged = await t.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie: 'sid=forged' }, payload: complete });
    expect(forged.statusCode).toBe(401);
    expect(await storedUser(user.id)).toEqual(saved);
  });
});
