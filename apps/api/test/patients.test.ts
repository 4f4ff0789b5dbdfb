import { randomBytes, randomUUID } from 'node:crypto';
import { limits, messages, todayIsoDate, type Patient } from '@consultorio/shared';
import { count, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, patients, users } from '../src/db/schema';
import { searchPageQuery } from '../src/modules/patients/patients.repository';
import { rowsReferencing, tablesWithPatientId } from './helpers/orphans';
import { bodyApartFromRequestId } from './helpers/answers';
import { createTestApp, type TestApp } from './helpers/build-app';
import { fileRow, fileRowCount, storedFiles } from './helpers/stored-files';
import { createPatientViaApi, newPatient } from './factories/patients';
import { createRecordViaApi } from './factories/records';
import { newSignedInUser } from './factories/users';

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#c52' } }).jpeg().toBuffer();
});
afterAll(async () => {
  await t.close();
});

const v = messages.validation;
const e = messages.errors;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const patientNotFound = failure(404, e.patientNotFound);
const unauthorized = failure(401, e.unauthorized);

const complete = {
  firstName: 'Maria',
  lastName: 'Oliveira',
  gender: 'female',
  birthdate: '1990-05-12',
  cc: '+55',
  phone: '(11) 98765-4321',
  email: 'Maria.Oliveira@Example.com',
  country: 'BR',
};

// ---------------------------------------------------------------------------------------------
// Requests

function call(method: InjectOptions['method'], url: string, cookie: string | undefined, payload?: unknown, headers: Record<string, string> = {}) {
  return t.request({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const create = (cookie: string | undefined, payload: unknown, headers?: Record<string, string>) =>
  call('POST', '/v1/users/me/patients', cookie, payload, headers);
const read = (cookie: string | undefined, id: string) => call('GET', `/v1/patients/${id}`, cookie);
const update = (cookie: string | undefined, id: string, payload: unknown, headers?: Record<string, string>) =>
  call('PUT', `/v1/patients/${id}`, cookie, payload, headers);
const remove = (cookie: string | undefined, id: string, payload?: unknown) => call('DELETE', `/v1/patients/${id}`, cookie, payload);
const deletion = (cookie: string | undefined, id: string) => call('GET', `/v1/patients/${id}/deletion`, cookie);
const uploadAvatar = (cookie: string | undefined, id: string, payload: FormData | object | string) =>
  call('PUT', `/v1/patients/${id}/avatar`, cookie, payload);
const getFile = (cookie: string | undefined, key: string) => call('GET', `/v1/files/${encodeURIComponent(key)}`, cookie);

function list(cookie: string | undefined, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
  const qs = params.toString();
  return call('GET', `/v1/users/me/patients${qs ? `?${qs}` : ''}`, cookie);
}

interface Page {
  patients: Patient[];
  total: number;
  nextCursor: string | null;
}

async function listPage(cookie: string, query: Record<string, string | number> = {}): Promise<Page> {
  const response = await list(cookie, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
}

/** Full names of the professional's patients matching `q`, in the order of one big page. */
async function namesFound(cookie: string, q: string): Promise<string[]> {
  return (await listPage(cookie, { q, limit: 100 })).patients.map((patient) => patient.fullName);
}

/** Follows nextCursor from the first page to the last, checking every page on the way. */
async function walkPages(
  cookie: string,
  limit: number,
  query: Record<string, string> = {},
  between?: (page: number, lastId: string) => Promise<void>,
) {
  const seen: Patient[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page = await listPage(cookie, { ...query, limit, ...(cursor ? { cursor } : {}) });
    pages += 1;
    expect(page.patients.length).toBeGreaterThan(0);
    expect(page.patients.length).toBeLessThanOrEqual(limit);
    if (page.nextCursor) expect(page.patients).toHaveLength(limit);
    seen.push(...page.patients);
    totals.push(page.total);
    cursor = page.nextCursor;
    if (pages > 50) throw new Error('the cursor never ends');
    if (cursor && between) await between(pages, page.patients.at(-1)!.id);
  } while (cursor);
  return { patients: seen, totals, pages };
}

function form(field: string, bytes: Buffer | string, filename: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new File([bytes], filename, { type }));
  return body;
}

const pngForm = () => form('file', png, 'foto.png', 'image/png');

/** Uploads a valid avatar for the patient and returns its key. */
async function giveAvatar(cookie: string, patientId: string, body: FormData = pngForm()): Promise<string> {
  const response = await uploadAvatar(cookie, patientId, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.patient.avatarExternalKey as string;
}

// ---------------------------------------------------------------------------------------------
// Database and disk

async function storedPatient(id: string) {
  const [row] = await t.database.db.select().from(patients).where(eq(patients.id, id));
  return row;
}

async function patientCount(ownerId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(patients).where(eq(patients.ownerId, ownerId));
  return row!.n;
}


function daysFromToday(days: number): string {
  return todayIsoDate(new Date(Date.now() + days * 86400 * 1000));
}

// ---------------------------------------------------------------------------------------------

describe('POST /v1/users/me/patients', () => {
  it('creates a patient with every field and answers 201 with data.patient and the message', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await create(cookie, complete);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: 201,
      message: messages.patients.created,
      data: {
        patient: {
          id: expect.stringMatching(UUID),
          firstName: 'Maria',
          lastName: 'Oliveira',
          fullName: 'Maria Oliveira',
          gender: 'female',
          birthdate: '1990-05-12',
          cc: '+55',
          phone: '11987654321',
          email: 'maria.oliveira@example.com',
          country: 'BR',
          avatarExternalKey: null,
          remindersOptOut: false,
          whatsappOptIn: false,
          whatsappOptInAt: null,
          whatsappStoppedAt: null,
          document: null,
          sessionFeeCents: null,
          payerName: null,
          payerDocument: null,
          payerEmail: null,
          createdAt: expect.stringMatching(ISO_TIME),
          updatedAt: expect.stringMatching(ISO_TIME),
        },
      },
    });
    const patient = body.data.patient as Patient;
    expect(await storedPatient(patient.id)).toMatchObject({ ownerId: user.id, searchName: 'maria oliveira', phone: '11987654321' });

    const fetched = await read(cookie, patient.id);
    expect(fetched.json()).toEqual({ status: 200, data: { patient } });
  });

  it('needs only the first name: last name null, +55, Brasil, full name derived', async () => {
    const { cookie } = await newSignedInUser(t);
    const response = await create(cookie, { firstName: '  Maria  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.patient).toMatchObject({
      firstName: 'Maria',
      lastName: null,
      fullName: 'Maria',
      gender: null,
      birthdate: null,
      cc: '+55',
      phone: null,
      email: null,
      country: 'BR',
      avatarExternalKey: null,
    });
  });

  it('takes the calling code from the country when cc is left out, and checks the phone for that country', async () => {
    const { cookie } = await newSignedInUser(t);
    const response = await create(cookie, { firstName: 'John', lastName: 'Smith', country: 'US', phone: '(415) 555-2671' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.patient).toMatchObject({ cc: '+1', country: 'US', phone: '4155552671' });
  });

  it('stores the phone as digits only', async () => {
    const { cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie, { phone: ' (11) 3456-7890 ' });
    expect(patient.phone).toBe('1134567890');
    expect((await storedPatient(patient.id))!.phone).toBe('1134567890');
  });

  it('keeps a calling code edited by hand and checks the phone as an international number', async () => {
    const { cookie } = await newSignedInUser(t);
    const response = await create(cookie, { firstName: 'Inês', country: 'BR', cc: '+351', phone: '912 345 678' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.patient).toMatchObject({ cc: '+351', country: 'BR', phone: '912345678' });

    // The phone is checked against the edited calling code: a Brazilian mobile is no Portuguese number.
    const mismatch = await create(cookie, { firstName: 'Inês', country: 'BR', cc: '+351', phone: '(11) 98765-4321' });
    expect(mismatch.json()).toEqual(failure(400, v.phoneInvalid));
  });

  it('turns blank and null optional fields into null and the defaults', async () => {
    const { cookie } = await newSignedInUser(t);
    const blank = await create(cookie, { firstName: 'Maria', lastName: '', gender: '', birthdate: '', cc: '', phone: '', email: '', country: '' });
    expect(blank.statusCode).toBe(201);
    const expected = { lastName: null, fullName: 'Maria', gender: null, birthdate: null, cc: '+55', phone: null, email: null, country: 'BR' };
    expect(blank.json().data.patient).toMatchObject(expected);

    const spaces = await create(cookie, { firstName: 'Maria', lastName: '   ', gender: ' ', birthdate: ' ', cc: ' ', phone: '   ', email: '  ', country: ' ' });
    expect(spaces.json().data.patient).toMatchObject(expected);

    const nulls = await create(cookie, { firstName: 'Maria', lastName: null, gender: null, birthdate: null, cc: null, phone: null, email: null, country: null });
    expect(nulls.statusCode).toBe(201);
    expect(nulls.json().data.patient).toMatchObject(expected);
  });

  it('answers 400, never 500, to what the database could not store: NUL characters, year 0', async () => {
    const { user, cookie } = await newSignedInUser(t);
    expect((await create(cookie, { firstName: 'Jo\u0000ão' })).json()).toEqual(failure(400, v.invalidBody));
    expect((await create(cookie, { firstName: 'João', birthdate: '0000-01-01' })).json()).toEqual(failure(400, v.dateOutOfRange(v.dateFields.birthdate)));
    expect((await create(cookie, { firstName: 'João', birthdate: '1899-12-31' })).json()).toEqual(failure(400, v.dateOutOfRange(v.dateFields.birthdate)));
    expect((await create(cookie, { firstName: 'João', birthdate: '1900-01-01' })).statusCode).toBe(201);
    expect((await call('GET', '/v1/users/me/patients?q=%00', cookie)).json()).toEqual(failure(400, v.invalidBody));
    expect(await patientCount(user.id)).toBe(1);
  });

  it('answers 415 to a multipart body: only the routes that take files read one', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await create(cookie, pngForm());
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await patientCount(user.id)).toBe(0);
  });

  it("checks the phone against the country's numbering plan, not only its length", async () => {
    const { cookie } = await newSignedInUser(t);
    for (const phone of ['20 1234 5678', '(11) 0234-5678', '(11) 18765-4321']) {
      expect((await create(cookie, { firstName: 'João', phone })).json(), phone).toEqual(failure(400, v.phoneInvalid));
    }
    expect((await create(cookie, { firstName: 'John', country: 'US', phone: '(415) 555-2671' })).statusCode).toBe(201);
  });

  it('accepts a birthdate of today', async () => {
    const { cookie } = await newSignedInUser(t);
    const today = todayIsoDate();
    const patient = await createPatientViaApi(t, cookie, { birthdate: today });
    expect(patient.birthdate).toBe(today);
  });

  it('ignores fields the client may not set: id, owner, avatar, search name, dates', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const forcedId = randomUUID();
    const response = await create(cookie, {
      ...complete,
      id: forcedId,
      ownerId: stranger.user.id,
      owner_id: stranger.user.id,
      avatarExternalKey: 'avatar-00000000-0000-4000-8000-000000000000.webp',
      searchName: 'zzz',
      fullName: 'Outro Nome',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const patient = response.json().data.patient as Patient;
    expect(patient).toMatchObject({ fullName: 'Maria Oliveira', avatarExternalKey: null });
    expect(patient.id).not.toBe(forcedId);
    expect(patient.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await storedPatient(patient.id)).toMatchObject({ ownerId: user.id, searchName: 'maria oliveira' });
    expect(await patientCount(stranger.user.id)).toBe(0);
  });

  it.each([
    ['the first name is missing', { firstName: undefined }, v.firstNameRequired],
    ['the first name is empty', { firstName: '' }, v.firstNameRequired],
    ['the first name has 1 letter', { firstName: 'M' }, v.firstNameRequired],
    ['the first name is 1 letter between spaces', { firstName: '  M  ' }, v.firstNameRequired],
    ['the first name is null', { firstName: null }, v.firstNameRequired],
    ['the first name is a number', { firstName: 42 }, v.firstNameRequired],
    ['the first name is an array', { firstName: ['Maria'] }, v.firstNameRequired],
    ['the first name is too long', { firstName: 'x'.repeat(limits.nameMax + 1) }, v.tooLong(limits.nameMax)],
    ['the last name is too long', { lastName: 'x'.repeat(limits.nameMax + 1) }, v.tooLong(limits.nameMax)],
    ['the last name is a number', { lastName: 7 }, v.invalidBody],
    ['the phone is 3 digits', { phone: '123' }, v.phoneInvalid],
    ['the phone is too short for Brasil', { phone: '11 1234' }, v.phoneInvalid],
    ['the phone has no digits', { phone: 'abc' }, v.phoneInvalid],
    ['a UK number with its code is given for Brasil', { phone: '+44 20 7946 0958' }, v.phoneInvalid],
    ['a Brazilian phone is given for the US', { country: 'US', cc: undefined, phone: '(11) 98765-4321' }, v.phoneInvalid],
    ['the phone is too long', { phone: '1'.repeat(limits.phoneMax + 1) }, v.tooLong(limits.phoneMax)],
    ['the phone is a number', { phone: 11987654321 }, v.invalidBody],
    ['the e-mail has no domain', { email: 'maria@' }, v.emailInvalid],
    ['the e-mail is a sentence', { email: 'não é e-mail' }, v.emailInvalid],
    ['the e-mail is too long', { email: `${'a'.repeat(250)}@example.com` }, v.emailInvalid],
    ['the birthdate is in the future', { birthdate: daysFromToday(2) }, v.birthdateFuture],
    ['the birthdate does not exist', { birthdate: '2023-02-30' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the birthdate month does not exist', { birthdate: '2023-13-01' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the birthdate is dd/mm/yyyy', { birthdate: '12/05/1990' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the birthdate has a time', { birthdate: '1990-05-12T00:00:00Z' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the birthdate is a number', { birthdate: 19900512 }, v.dateInvalid(v.dateFields.birthdate)],
    ['the gender is unknown', { gender: 'nonbinary' }, v.genderInvalid],
    ['the gender is capitalised', { gender: 'Female' }, v.genderInvalid],
    ['the gender is a label', { gender: 'Feminino' }, v.genderInvalid],
    ['the gender is the label Outro', { gender: 'Outro' }, v.genderInvalid],
    ['the country is unknown', { country: 'XX' }, v.countryInvalid],
    ['the country is a name, not a code', { country: 'Brasil' }, v.countryInvalid],
    ['the country is a number', { country: 55 }, v.countryInvalid],
    ['the calling code has no plus', { cc: '55' }, v.ccInvalid],
    ['the calling code is too long', { cc: '+12345' }, v.ccInvalid],
  ])('answers 400 with the rule message when %s, and creates nothing', async (_case, change, message) => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await create(cookie, { ...complete, ...change });
    expect(response.json()).toEqual(failure(400, message));
    expect(await patientCount(user.id)).toBe(0);
  });

  it('answers 4xx, never 500, to bodies that are not patients, and creates nothing', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const cases: [string, Promise<{ json(): unknown }>, unknown][] = [
      ['array', create(cookie, [complete]), failure(400, v.invalidBody)],
      ['JSON string', create(cookie, '"Maria"', { 'content-type': 'application/json' }), failure(400, v.invalidBody)],
      ['JSON number', create(cookie, '42', { 'content-type': 'application/json' }), failure(400, v.invalidBody)],
      ['JSON null', create(cookie, 'null', { 'content-type': 'application/json' }), failure(400, v.invalidBody)],
      ['broken JSON', create(cookie, '{"firstName":', { 'content-type': 'application/json' }), failure(400, e.invalidJson)],
      ['empty JSON body', create(cookie, '', { 'content-type': 'application/json' }), failure(400, v.invalidBody)],
      ['plain text', create(cookie, 'Maria', { 'content-type': 'text/plain' }), failure(415, e.unsupportedMediaType)],
      ['a form', create(cookie, 'firstName=Maria', { 'content-type': 'application/x-www-form-urlencoded' }), failure(415, e.unsupportedMediaType)],
      ['over 1 MB', create(cookie, { ...complete, lastName: 'x'.repeat(2 * 1024 * 1024) }), failure(413, e.bodyTooLarge)],
    ];
    for (const [name, pending, expected] of cases) {
      expect((await pending).json(), name).toEqual(expected);
    }
    const noBody = await call('POST', '/v1/users/me/patients', cookie);
    expect(noBody.statusCode).toBe(400);
    expect(await patientCount(user.id)).toBe(0);
  });

  it('answers 401 without a session and creates nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(patients);
    expect((await create(undefined, complete)).json()).toEqual(unauthorized);
    expect((await create('sid=forged', complete)).json()).toEqual(unauthorized);
    expect(await t.database.db.select({ n: count() }).from(patients)).toEqual(before);
  });
});

describe('PUT /v1/patients/:id', () => {
  it('replaces every field, derives the new full name, and the search follows the new name', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    expect(await namesFound(cookie, 'oliveira')).toEqual(['Maria Oliveira']);

    const response = await update(cookie, created.id, { firstName: 'Marina', lastName: 'Costa', country: 'US', phone: '415 555 2671' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 200, message: messages.patients.updated });
    const expected = {
      id: created.id,
      firstName: 'Marina',
      lastName: 'Costa',
      fullName: 'Marina Costa',
      // An edit replaces every field: what the body leaves out is cleared.
      gender: null,
      birthdate: null,
      email: null,
      cc: '+1',
      phone: '4155552671',
      country: 'US',
      avatarExternalKey: null,
      createdAt: created.createdAt,
    };
    expect(body.data.patient).toMatchObject(expected);
    expect((await read(cookie, created.id)).json().data.patient).toMatchObject(expected);
    expect((await storedPatient(created.id))!.searchName).toBe('marina costa');

    expect(await namesFound(cookie, 'oliveira')).toEqual([]);
    expect(await namesFound(cookie, 'maria o')).toEqual([]);
    expect(await namesFound(cookie, 'costa')).toEqual(['Marina Costa']);
    expect(await namesFound(cookie, 'MARINA CÓSTA')).toEqual(['Marina Costa']);
  });

  it('moves updatedAt and keeps createdAt', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    t.clock.advance(90);
    const response = await update(cookie, created.id, { ...complete, phone: '(21) 99876-5432' });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data.patient as Patient;
    expect(updated.createdAt).toBe(created.createdAt);
    expect(Date.parse(updated.updatedAt) - Date.parse(created.updatedAt)).toBeGreaterThanOrEqual(80_000);
    const row = await storedPatient(created.id);
    expect(row!.updatedAt.toISOString()).toBe(updated.updatedAt);
  });

  it('keeps the avatar and the owner whatever the body says', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    const key = await giveAvatar(cookie, created.id);

    const response = await update(cookie, created.id, {
      ...complete,
      lastName: 'Santos',
      avatarExternalKey: null,
      ownerId: stranger.user.id,
      id: randomUUID(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.patient).toMatchObject({ id: created.id, avatarExternalKey: key, fullName: 'Maria Santos' });
    expect(await storedPatient(created.id)).toMatchObject({ ownerId: user.id, avatarExternalKey: key });
    expect(await patientCount(stranger.user.id)).toBe(0);
  });

  it.each([
    ['the last name is too long', { lastName: 'x'.repeat(limits.nameMax + 1) }, v.tooLong(limits.nameMax)],
    ['the first name is missing', { firstName: undefined }, v.firstNameRequired],
    ['the first name has 1 letter', { firstName: 'M' }, v.firstNameRequired],
    ['the phone does not fit the country', { phone: '123' }, v.phoneInvalid],
    ['the e-mail is invalid', { email: 'maria@' }, v.emailInvalid],
    ['the birthdate is in the future', { birthdate: daysFromToday(2) }, v.birthdateFuture],
    ['the birthdate does not exist', { birthdate: '2023-02-30' }, v.dateInvalid(v.dateFields.birthdate)],
    ['the gender is unknown', { gender: 'nonbinary' }, v.genderInvalid],
    ['the country is unknown', { country: 'XX' }, v.countryInvalid],
  ])('answers 400 with the rule message when %s, and keeps the saved patient', async (_case, change, message) => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    const saved = await storedPatient(created.id);

    const response = await update(cookie, created.id, { ...complete, ...change });
    expect(response.json()).toEqual(failure(400, message));
    expect(await storedPatient(created.id)).toEqual(saved);
    expect(await namesFound(cookie, 'oliveira')).toEqual(['Maria Oliveira']);
  });

  it.each([
    ['left out', {}],
    ['null', { lastName: null }],
    ['empty', { lastName: '' }],
    ['blank', { lastName: '   ' }],
  ])('saves a patient created without a last name, the last name %s, as creating does', async (_case, change) => {
    const { cookie } = await newSignedInUser(t);
    const { lastName: _lastName, ...withoutLastName } = complete;
    const creation = await create(cookie, { ...withoutLastName, ...change });
    expect(creation.statusCode, creation.body).toBe(201);
    const created = creation.json().data.patient as Patient;
    expect(created).toMatchObject({ lastName: null, fullName: 'Maria' });

    const response = await update(cookie, created.id, { ...withoutLastName, ...change, phone: '(21) 99876-5432' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.patient).toMatchObject({ lastName: null, fullName: 'Maria', phone: '21998765432' });
    expect(await storedPatient(created.id)).toMatchObject({ lastName: null, searchName: 'maria', phone: '21998765432' });
  });

  it('takes on an edit a last name of one letter, as creating does, and drops one left out', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, { ...complete, lastName: 'O' });
    expect(created.fullName).toBe('Maria O');
    expect((await update(cookie, created.id, { ...complete, lastName: 'K' })).json().data.patient).toMatchObject({ lastName: 'K', fullName: 'Maria K' });
    const { lastName: _lastName, ...withoutLastName } = complete;
    expect((await update(cookie, created.id, withoutLastName)).json().data.patient).toMatchObject({ lastName: null, fullName: 'Maria' });
  });

  it("takes 'Outro' and 'Prefiro não informar' as the gender", async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, { ...complete, gender: 'other' });
    expect(created.gender).toBe('other');
    const response = await update(cookie, created.id, { ...complete, gender: 'undisclosed' });
    expect(response.json().data.patient.gender).toBe('undisclosed');
    expect((await read(cookie, created.id)).json().data.patient.gender).toBe('undisclosed');
  });

  it('answers 4xx, never 500, to bodies that are not patients, and keeps the saved patient', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    const saved = await storedPatient(created.id);

    expect((await update(cookie, created.id, [complete])).json()).toEqual(failure(400, v.invalidBody));
    expect((await update(cookie, created.id, '{"firstName":', { 'content-type': 'application/json' })).json()).toEqual(failure(400, e.invalidJson));
    expect((await update(cookie, created.id, 'Maria', { 'content-type': 'text/plain' })).json()).toEqual(failure(415, e.unsupportedMediaType));
    expect((await update(cookie, created.id, { ...complete, lastName: 'x'.repeat(2 * 1024 * 1024) })).json()).toEqual(failure(413, e.bodyTooLarge));
    expect((await call('PUT', `/v1/patients/${created.id}`, cookie)).statusCode).toBe(400);

    expect(await storedPatient(created.id)).toEqual(saved);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await update(cookie, 'abc', complete)).json()).toEqual(failure(400, v.idInvalid));
    expect((await update(cookie, randomUUID(), complete)).json()).toEqual(patientNotFound);
  });
});

describe('GET /v1/patients/:id', () => {
  it('answers 200 with the patient', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const row = await newPatient(t, { owner: user, firstName: 'Ana', lastName: 'Lima', gender: 'female', birthdate: '1980-01-31', phone: '11987654321' });
    const response = await read(cookie, row.id);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        patient: {
          id: row.id,
          firstName: 'Ana',
          lastName: 'Lima',
          fullName: 'Ana Lima',
          gender: 'female',
          birthdate: '1980-01-31',
          cc: '+55',
          phone: '11987654321',
          email: null,
          country: 'BR',
          avatarExternalKey: null,
          remindersOptOut: false,
          whatsappOptIn: false,
          whatsappOptInAt: null,
          whatsappStoppedAt: null,
          document: null,
          sessionFeeCents: null,
          payerName: null,
          payerDocument: null,
          payerEmail: null,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        },
      },
    });
  });

  it.each([
    ['a word', 'abc'],
    ['a number', '123'],
    ['a uuid with a letter outside hex', '3f0b6c1e-2d4a-4b8e-9c7f-1a2b3c4d5e6g'],
    ['a uuid without dashes', '3f0b6c1e2d4a4b8e9c7f1a2b3c4d5e6f'],
    ['a uuid with a suffix', '3f0b6c1e-2d4a-4b8e-9c7f-1a2b3c4d5e6f0'],
    ['a quote', "'%20or%201=1--"],
  ])('answers 400 "Identificador inválido" to %s', async (_case, id) => {
    const { cookie } = await newSignedInUser(t);
    expect((await read(cookie, id)).json()).toEqual(failure(400, v.idInvalid));
  });

  it('answers 404 "Paciente não encontrado" to an unknown uuid', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await read(cookie, randomUUID())).json()).toEqual(patientNotFound);
    expect((await read(cookie, '00000000-0000-0000-0000-000000000000')).json()).toEqual(patientNotFound);
  });

  it('accepts the id in upper case', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const row = await newPatient(t, { owner: user });
    const response = await read(cookie, row.id.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.patient.id).toBe(row.id);
  });
});

describe('GET /v1/users/me/patients', () => {
  it("lists only the professional's own patients, with the total and no next page", async () => {
    const { user, cookie } = await newSignedInUser(t);
    const other = await newSignedInUser(t);
    const mine = [await newPatient(t, { owner: user, firstName: 'Bruno' }), await newPatient(t, { owner: user, firstName: 'Carla' })];
    await newPatient(t, { owner: other.user, firstName: 'Bruno' });
    await newPatient(t, { owner: other.user, firstName: 'Diego' });

    const response = await list(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: number; data: Page }>();
    expect(body.status).toBe(200);
    expect(body.data.total).toBe(2);
    expect(body.data.nextCursor).toBeNull();
    expect(body.data.patients.map((p) => p.id)).toEqual(mine.map((p) => p.id));
    expect(body.data.patients[0]).toMatchObject({ firstName: 'Bruno', fullName: `Bruno ${mine[0]!.lastName}` });
  });

  it('answers an empty page to a professional without patients', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await list(cookie)).json()).toEqual({ status: 200, data: { patients: [], total: 0, nextCursor: null } });
  });

  it('sorts by name ignoring case and accents', async () => {
    const { user, cookie } = await newSignedInUser(t);
    for (const firstName of ['Zé', 'joana', 'Bruno', 'João', 'Ánderson', 'Ana Maria']) {
      await newPatient(t, { owner: user, firstName, lastName: null });
    }
    const page = await listPage(cookie);
    expect(page.patients.map((p) => p.fullName)).toEqual(['Ana Maria', 'Ánderson', 'Bruno', 'joana', 'João', 'Zé']);
  });

  it('sorts patients created through the API by first and then last name', async () => {
    const { cookie } = await newSignedInUser(t);
    for (const [firstName, lastName] of [['Ana', 'Souza'], ['ana', 'Alves'], ['Ana', null], ['ANA', 'Érica'], ['Ana', 'Eduarda']] as const) {
      await createPatientViaApi(t, cookie, { firstName, lastName });
    }
    const page = await listPage(cookie);
    expect(page.patients.map((p) => p.fullName)).toEqual(['Ana', 'ana Alves', 'Ana Eduarda', 'ANA Érica', 'Ana Souza']);
  });

  describe('search', () => {
    async function professionalWithJoao() {
      const { user, cookie } = await newSignedInUser(t);
      await newPatient(t, { owner: user, firstName: 'João', lastName: 'da Silva' });
      await newPatient(t, { owner: user, firstName: 'Joana', lastName: 'Prado' });
      await newPatient(t, { owner: user, firstName: 'Pedro', lastName: 'Silveira' });
      await newPatient(t, { owner: user, firstName: 'Ana', lastName: 'Souza' });
      return cookie;
    }

    it.each([
      ['joao', ['João da Silva']],
      ['JOÃO', ['João da Silva']],
      ['oão', ['João da Silva']],
      ['silva', ['João da Silva']],
      ['SILVA', ['João da Silva']],
      ['silv', ['João da Silva', 'Pedro Silveira']],
      ['da silva', ['João da Silva']],
      ['joão da s', ['João da Silva']],
      ['joao   da   s', ['João da Silva']],
      ['  joão  ', ['João da Silva']],
      ['jo', ['Joana Prado', 'João da Silva']],
      ['a', ['Ana Souza', 'Joana Prado', 'João da Silva', 'Pedro Silveira']],
      ['', ['Ana Souza', 'Joana Prado', 'João da Silva', 'Pedro Silveira']],
      ['   ', ['Ana Souza', 'Joana Prado', 'João da Silva', 'Pedro Silveira']],
      ['joãoo', []],
      ['maria', []],
      ['silva joao', ['João da Silva']],
      ['s jo', ['João da Silva']],
      ['prado silva', []],
      ['ana a a', ['Ana Souza', 'Joana Prado']],
    ])('q=%j finds %j', async (q, expected) => {
      const cookie = await professionalWithJoao();
      const page = await listPage(cookie, { q });
      expect(page.patients.map((p) => p.fullName)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it('matches each word on its own, in any order, ignoring case and accents, and counts and pages the matches', async () => {
      const { user, cookie } = await newSignedInUser(t);
      await newPatient(t, { owner: user, firstName: 'Júlia', lastName: 'Conceição Araújo' });
      await newPatient(t, { owner: user, firstName: 'Marcos', lastName: 'Lima' });
      await newPatient(t, { owner: user, firstName: 'Júlia', lastName: 'Lima' });
      await newPatient(t, { owner: user, firstName: 'Lima', lastName: 'Barreto' });
      await newPatient(t, { owner: user, firstName: 'Marcos', lastName: 'Araújo Lima' });

      expect(await namesFound(cookie, 'julia araujo')).toEqual(['Júlia Conceição Araújo']);
      expect(await namesFound(cookie, 'ARAÚJO  júlia')).toEqual(['Júlia Conceição Araújo']);
      expect(await namesFound(cookie, 'lima marcos')).toEqual(['Marcos Araújo Lima', 'Marcos Lima']);
      expect(await namesFound(cookie, 'lima jul')).toEqual(['Júlia Lima']);
      expect(await namesFound(cookie, 'lima')).toEqual(['Júlia Lima', 'Lima Barreto', 'Marcos Araújo Lima', 'Marcos Lima']);
      expect(await namesFound(cookie, 'marcos lima araujo conceicao')).toEqual([]);

      const walked = await walkPages(cookie, 1, { q: 'marcos lima' });
      expect(walked.patients.map((p) => p.fullName)).toEqual(['Marcos Araújo Lima', 'Marcos Lima']);
      expect(walked.totals).toEqual([2, 2]);
    });

    it('serves a search of several words from the trigram index, one index scan for all the words', async () => {
      const { user } = await newSignedInUser(t);
      await newPatient(t, { owner: user, firstName: 'Marcos', lastName: 'Lima' });
      const query = searchPageQuery(t.database.db, user.id, { words: ['lima', 'marcos'], limit: 51, after: undefined });
      let plan = '';
      await t.database.db
        .transaction(async (tx) => {
          // On a table this small the planner may read it whole or walk the name-order index (on a
          // large one it weighs each plan's cost): both are put out of its way, in a transaction
          // rolled back, to show that the trigram index serves every word in one scan.
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`drop index patients_owner_name_idx`);
          const result: unknown = await tx.execute(sql`explain ${query}`);
          plan = (result as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      expect(plan).toContain('Bitmap Index Scan on patients_owner_search_trgm_idx');
      expect(plan.match(/Bitmap Index Scan/g)).toHaveLength(1);
      const indexCondition = plan.split('\n').find((line) => line.includes('Index Cond'))!;
      expect(indexCondition.match(/~~/g)).toHaveLength(2);
    });

    it('treats % and _ and backslash in q as literal characters', async () => {
      const { user, cookie } = await newSignedInUser(t);
      await newPatient(t, { owner: user, firstName: 'Ana', lastName: 'Souza' });
      await newPatient(t, { owner: user, firstName: 'Bia', lastName: 'Lopes' });
      await newPatient(t, { owner: user, firstName: 'Caio', lastName: 'Xavier' });

      for (const q of ['%', '_', '__', '%a%', 'a_a', '\\', '\\%', 'An_']) {
        const page = await listPage(cookie, { q });
        expect(page, q).toEqual({ patients: [], total: 0, nextCursor: null });
      }

      await newPatient(t, { owner: user, firstName: 'Promo', lastName: '50%' });
      await newPatient(t, { owner: user, firstName: 'Ana_Beatriz', lastName: 'Reis' });
      await newPatient(t, { owner: user, firstName: 'Barra', lastName: 'In\\vertida' });
      expect(await namesFound(cookie, '%')).toEqual(['Promo 50%']);
      expect(await namesFound(cookie, '0%')).toEqual(['Promo 50%']);
      expect(await namesFound(cookie, '_')).toEqual(['Ana_Beatriz Reis']);
      expect(await namesFound(cookie, 'a_b')).toEqual(['Ana_Beatriz Reis']);
      expect(await namesFound(cookie, '\\')).toEqual(['Barra In\\vertida']);
      expect(await namesFound(cookie, 'n\\v')).toEqual(['Barra In\\vertida']);
    });

    it("never finds another professional's patients", async () => {
      const { user, cookie } = await newSignedInUser(t);
      const other = await newSignedInUser(t);
      await newPatient(t, { owner: other.user, firstName: 'João', lastName: 'da Silva' });
      await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Silva' });
      expect(await namesFound(cookie, 'joao')).toEqual([]);
      expect(await namesFound(cookie, 'silva')).toEqual(['Maria Silva']);
      expect(await namesFound(other.cookie, 'silva')).toEqual(['João da Silva']);
    });

    it('accepts q of 100 characters and answers 400 to 101', async () => {
      const { cookie } = await newSignedInUser(t);
      expect((await list(cookie, { q: 'a'.repeat(limits.searchMax) })).statusCode).toBe(200);
      expect((await list(cookie, { q: 'a'.repeat(limits.searchMax + 1) })).json()).toEqual(failure(400, v.searchTooLong));
      expect((await list(cookie, { q: 'ã'.repeat(500) })).json()).toEqual(failure(400, v.searchTooLong));
    });

    it('answers 400 to q given twice', async () => {
      const { cookie } = await newSignedInUser(t);
      const response = await call('GET', '/v1/users/me/patients?q=ana&q=bia', cookie);
      expect(response.json()).toEqual(failure(400, v.invalidBody));
    });
  });

  describe('pagination', () => {
    it('walks every matching patient exactly once, in order, with limit 2', async () => {
      const { user, cookie } = await newSignedInUser(t);
      const names = ['Paula', 'bruno', 'Álvaro', 'Carla', 'Érico', 'Diana', 'Otávio'];
      for (const firstName of names) await newPatient(t, { owner: user, firstName, lastName: 'Teixeira' });
      await newPatient(t, { owner: (await newSignedInUser(t)).user, firstName: 'Beto', lastName: 'Teixeira' });

      const walked = await walkPages(cookie, 2);
      expect(walked.patients.map((p) => p.firstName)).toEqual(['Álvaro', 'bruno', 'Carla', 'Diana', 'Érico', 'Otávio', 'Paula']);
      expect(new Set(walked.patients.map((p) => p.id)).size).toBe(names.length);
      expect(walked.pages).toBe(4);
      expect(walked.totals).toEqual([7, 7, 7, 7]);
      expect(walked.patients).toEqual((await listPage(cookie, { limit: 100 })).patients);
    });

    it('walks the pages of a search, and the last full page has no next cursor', async () => {
      const { user, cookie } = await newSignedInUser(t);
      for (const firstName of ['Sílvia', 'Silvana', 'Silvio', 'Selma', 'Silvério', 'Silas', 'Sônia']) {
        await newPatient(t, { owner: user, firstName, lastName: null });
      }
      const walked = await walkPages(cookie, 2, { q: 'SILV' });
      expect(walked.patients.map((p) => p.fullName)).toEqual(['Silvana', 'Silvério', 'Sílvia', 'Silvio']);
      expect(walked.totals).toEqual([4, 4]);
      expect(walked.pages).toBe(2);
    });

    it('neither skips nor repeats patients whose names are equal', async () => {
      const { user, cookie } = await newSignedInUser(t);
      const created = [];
      for (let i = 0; i < 5; i++) created.push(await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Silva' }));
      const walked = await walkPages(cookie, 2);
      expect(walked.pages).toBe(3);
      expect(walked.totals).toEqual([5, 5, 5]);
      // Equal names are ordered by id, so the order is stable from page to page.
      expect(walked.patients.map((p) => p.id)).toEqual(created.map((p) => p.id).sort());
    });

    it('neither skips nor repeats when a patient whose name sorts between pages is created while walking', async () => {
      const { user, cookie } = await newSignedInUser(t);
      for (const lastName of ['Alves', 'Barros', 'Dias', 'Fontes', 'Gomes']) await newPatient(t, { owner: user, firstName: 'Maria', lastName });

      const walked = await walkPages(cookie, 2, {}, async (page) => {
        if (page !== 1) return;
        // After 'Maria Barros', the end of the first page, and before 'Maria Dias': on the next page.
        await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Campos' });
        // Before the cursor: already walked past, so neither shown nor shifting the pages.
        await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Abreu' });
      });
      expect(walked.patients.map((p) => p.lastName)).toEqual(['Alves', 'Barros', 'Campos', 'Dias', 'Fontes', 'Gomes']);
      expect(walked.totals).toEqual([5, 7, 7]);
    });

    it('walks every patient once when patients with the same name are created between pages', async () => {
      const { user, cookie } = await newSignedInUser(t);
      const original: string[] = [];
      for (let i = 0; i < 5; i++) original.push((await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Silva' })).id);
      const added: { id: string; after: string }[] = [];
      const walked = await walkPages(cookie, 2, {}, async (_page, lastId) => {
        const row = await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Silva' });
        added.push({ id: row.id, after: lastId });
      });
      const ids = walked.patients.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      // Equal names go by id, so every page continues the same order.
      expect(ids).toEqual([...ids].sort());
      for (const id of original) expect(ids).toContain(id);
      // A patient created mid-walk shows up exactly when it sorts after the page already seen.
      for (const { id, after } of added) expect(ids.includes(id), id).toBe(id > after);
    });

    it('uses 50 per page by default and accepts 1 and 100', async () => {
      const { user, cookie } = await newSignedInUser(t);
      await t.database.db.insert(patients).values(
        Array.from({ length: 51 }, (_, i) => ({
          ownerId: user.id,
          firstName: `Paciente ${String(i).padStart(2, '0')}`,
          searchName: `paciente ${String(i).padStart(2, '0')}`,
        })),
      );
      const first = await listPage(cookie);
      expect(first.patients).toHaveLength(limits.pageSizeDefault);
      expect(first.total).toBe(51);
      expect(first.nextCursor).not.toBeNull();
      const rest = await listPage(cookie, { cursor: first.nextCursor! });
      expect(rest.patients.map((p) => p.firstName)).toEqual(['Paciente 50']);
      expect(rest.nextCursor).toBeNull();

      const one = await listPage(cookie, { limit: 1 });
      expect(one.patients.map((p) => p.firstName)).toEqual(['Paciente 00']);
      const hundred = await listPage(cookie, { limit: 100 });
      expect(hundred.patients).toHaveLength(51);
      expect(hundred.nextCursor).toBeNull();
    });

    it.each(['0', '101', 'abc', '-1', '1.5', '', '1e9'])('answers 400 to limit=%j', async (limit) => {
      const { user, cookie } = await newSignedInUser(t);
      await newPatient(t, { owner: user });
      expect((await list(cookie, { limit })).json()).toEqual(failure(400, v.limitInvalid));
    });

    it('answers 400 to garbage and tampered cursors', async () => {
      const { user, cookie } = await newSignedInUser(t);
      for (let i = 0; i < 3; i++) await newPatient(t, { owner: user });
      const real = (await listPage(cookie, { limit: 1 })).nextCursor!;
      const [searchName, id] = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as [string, string];
      expect(id).toMatch(UUID);
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const encodeText = (text: string) => Buffer.from(text).toString('base64url');

      const bad = {
        'a word': 'abc',
        punctuation: '!!!',
        'a real cursor cut in half': real.slice(0, Math.floor(real.length / 2)),
        'a real cursor with extra bytes': `${real}AAAA`,
        'not JSON': encodeText('não é json'),
        'a JSON object': encode({ searchName, id }),
        'a JSON string': encode(searchName),
        'one element': encode([searchName]),
        'three elements': encode([searchName, id, 'x']),
        'a malformed id': encode([searchName, 'not-a-uuid']),
        'an id with SQL': encode([searchName, `${id}' or 1=1 --`]),
        'a number for the name': encode([1, id]),
        'null for the name': encode([null, id]),
        'an object for the id': encode([searchName, { id }]),
        'over 400 characters': encode(['x'.repeat(400), id]),
        'a NUL character in the name': encode(['\u0000', id]),
      };
      for (const [name, cursor] of Object.entries(bad)) {
        expect((await list(cookie, { limit: 1, cursor })).json(), name).toEqual(failure(400, v.cursorInvalid));
      }
      expect((await list(cookie, { limit: 1, cursor: real })).statusCode).toBe(200);
    });

    it("a cursor from another professional's list only sets where the page starts", async () => {
      const { user, cookie } = await newSignedInUser(t);
      const other = await newSignedInUser(t);
      await newPatient(t, { owner: other.user, firstName: 'Carlos', lastName: 'Lima' });
      await newPatient(t, { owner: other.user, firstName: 'Dora', lastName: 'Lima' });
      await newPatient(t, { owner: user, firstName: 'Bia', lastName: 'Lima' });
      await newPatient(t, { owner: user, firstName: 'Eva', lastName: 'Lima' });
      const foreign = (await listPage(other.cookie, { limit: 1 })).nextCursor!;
      const page = await listPage(cookie, { cursor: foreign });
      expect(page.patients.map((p) => p.fullName)).toEqual(['Eva Lima']);
      expect(page.total).toBe(2);
    });
  });

  it('answers 401 without a session', async () => {
    expect((await list(undefined)).json()).toEqual(unauthorized);
    expect((await list('sid=forged')).json()).toEqual(unauthorized);
  });
});

describe("another professional's patient", () => {
  async function strangerAndPatient() {
    const owner = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const created = await createPatientViaApi(t, owner.cookie, complete);
    const key = await giveAvatar(owner.cookie, created.id);
    return { owner, stranger, patient: created, key, saved: (await storedPatient(created.id))! };
  }

  it('answers 404 "Paciente não encontrado" to GET, exactly like an unknown id', async () => {
    const { stranger, patient } = await strangerAndPatient();
    const foreign = await read(stranger.cookie, patient.id);
    const unknown = await read(stranger.cookie, randomUUID());
    expect(foreign.json()).toEqual(patientNotFound);
    expect(bodyApartFromRequestId(foreign)).toBe(bodyApartFromRequestId(unknown));
  });

  it('answers 404 to PUT and leaves the patient unchanged', async () => {
    const { owner, stranger, patient, saved } = await strangerAndPatient();
    const response = await update(stranger.cookie, patient.id, { ...complete, firstName: 'Hacker', lastName: 'Invasor' });
    expect(response.json()).toEqual(patientNotFound);
    expect(await storedPatient(patient.id)).toEqual(saved);
    expect(await namesFound(owner.cookie, 'maria')).toEqual(['Maria Oliveira']);
    expect(await namesFound(owner.cookie, 'hacker')).toEqual([]);
  });

  it('answers 404 to DELETE and keeps the patient and its avatar', async () => {
    const { owner, stranger, patient, key, saved } = await strangerAndPatient();
    expect((await remove(stranger.cookie, patient.id)).json()).toEqual(patientNotFound);
    expect(await storedPatient(patient.id)).toEqual(saved);
    expect(await storedFiles(t)).toContain(key);
    expect(await fileRow(t, key)).toBeDefined();
    expect((await read(owner.cookie, patient.id)).statusCode).toBe(200);
    expect((await getFile(owner.cookie, key)).statusCode).toBe(200);
  });

  it('answers 404 to PUT avatar and stores no file', async () => {
    const { stranger, patient, saved } = await strangerAndPatient();
    const onDisk = await storedFiles(t);
    const rows = await fileRowCount(t);
    const response = await uploadAvatar(stranger.cookie, patient.id, pngForm());
    expect(response.json()).toEqual(patientNotFound);
    expect(await storedFiles(t)).toEqual(onDisk);
    expect(await fileRowCount(t)).toBe(rows);
    expect(await storedPatient(patient.id)).toEqual(saved);
  });

  it("is never in the other professional's list, and its avatar answers 404 to them", async () => {
    const { stranger, key } = await strangerAndPatient();
    expect(await listPage(stranger.cookie)).toEqual({ patients: [], total: 0, nextCursor: null });
    expect(await namesFound(stranger.cookie, 'maria')).toEqual([]);
    expect((await getFile(stranger.cookie, key)).json()).toEqual(failure(404, e.notFound));
  });

  it.each([
    ['GET', (id: string) => read(undefined, id)],
    ['PUT', (id: string) => update(undefined, id, complete)],
    ['DELETE', (id: string) => remove(undefined, id)],
    ['PUT avatar', (id: string) => uploadAvatar(undefined, id, pngForm())],
  ])('answers 401 to %s without a session and changes nothing', async (_case, request) => {
    const { patient, saved } = await strangerAndPatient();
    const onDisk = await storedFiles(t);
    expect((await request(patient.id)).json()).toEqual(unauthorized);
    expect(await storedPatient(patient.id)).toEqual(saved);
    expect(await storedFiles(t)).toEqual(onDisk);
  });
});

describe('PUT /v1/patients/:id/avatar', () => {
  it('stores a PNG as the patient avatar, readable only by the professional', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);

    const response = await uploadAvatar(cookie, created.id, pngForm());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 200, message: messages.patients.avatarUpdated, data: { patient: { id: created.id, fullName: 'Maria Oliveira' } } });
    const key = body.data.patient.avatarExternalKey as string;
    expect(key).toMatch(/^avatar-[0-9a-f-]{36}\.webp$/);

    expect((await storedPatient(created.id))!.avatarExternalKey).toBe(key);
    expect(await fileRow(t, key)).toMatchObject({ ownerId: user.id, patientId: created.id, contentType: 'image/webp', originalName: 'foto.png' });
    expect(await storedFiles(t)).toContain(key);
    // The professional's own avatar is another thing.
    const [me] = await t.database.db.select({ key: users.avatarExternalKey }).from(users).where(eq(users.id, user.id));
    expect(me!.key).toBeNull();

    const file = await getFile(cookie, key);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: limits.avatarSizePx, height: limits.avatarSizePx });
    expect((await getFile(stranger.cookie, key)).json()).toEqual(failure(404, e.notFound));

    expect((await read(cookie, created.id)).json().data.patient.avatarExternalKey).toBe(key);
  });

  it('replaces the previous avatar and removes the old file from disk and from files', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie);
    const first = await giveAvatar(cookie, created.id);
    const second = await giveAvatar(cookie, created.id, form('file', jpeg, 'retrato.jpg', 'image/jpeg'));
    expect(second).not.toBe(first);

    const onDisk = await storedFiles(t);
    expect(onDisk).toContain(second);
    expect(onDisk).not.toContain(first);
    expect(await fileRow(t, first)).toBeUndefined();
    expect(await t.database.db.select({ key: files.key }).from(files).where(eq(files.patientId, created.id))).toEqual([{ key: second }]);
    expect((await getFile(cookie, first)).json()).toEqual(failure(404, e.notFound));
    expect((await getFile(cookie, second)).statusCode).toBe(200);
  });

  it('keeps the avatar when the patient is edited', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    const key = await giveAvatar(cookie, created.id);
    const response = await update(cookie, created.id, { ...complete, lastName: 'Prado' });
    expect(response.json().data.patient.avatarExternalKey).toBe(key);
    expect((await getFile(cookie, key)).statusCode).toBe(200);
  });

  it.each([
    ['a text file named .png', () => Buffer.from('apenas texto, não é imagem\n'), 'foto.png', 'text/plain', 415, e.fileTypeImage],
    ['random bytes claiming image/png', () => randomBytes(4096), 'foto.png', 'image/png', 415, e.fileTypeImage],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'foto.svg', 'image/svg+xml', 415, e.fileTypeImage],
    ['a file over 5 MB', () => Buffer.concat([PNG_SIGNATURE, randomBytes(limits.avatarMaxBytes)]), 'grande.png', 'image/png', 413, e.fileTooLarge],
  ])('answers %s with the right status and keeps the previous avatar', async (_case, bytes, filename, type, status, message) => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie);
    const key = await giveAvatar(cookie, created.id);
    const onDisk = await storedFiles(t);
    const rows = await fileRowCount(t);

    const response = await uploadAvatar(cookie, created.id, form('file', bytes(), filename, type));
    expect(response.json()).toEqual(failure(status, message));

    expect((await storedPatient(created.id))!.avatarExternalKey).toBe(key);
    expect(await storedFiles(t)).toEqual(onDisk);
    expect(await fileRowCount(t)).toBe(rows);
  });

  it('answers 400 when no file is sent', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie);
    const onDisk = await storedFiles(t);
    expect((await uploadAvatar(cookie, created.id, { file: 'foto.png' })).json()).toEqual(failure(400, e.fileMissing));
    expect((await uploadAvatar(cookie, created.id, form('avatar', png, 'foto.png', 'image/png'))).json()).toEqual(failure(400, e.fileMissing));
    expect((await uploadAvatar(cookie, created.id, new FormData())).json()).toEqual(failure(400, e.fileMissing));
    expect((await call('PUT', `/v1/patients/${created.id}/avatar`, cookie)).json()).toEqual(failure(400, e.fileMissing));
    expect((await storedPatient(created.id))!.avatarExternalKey).toBeNull();
    expect(await storedFiles(t)).toEqual(onDisk);
  });

  it('answers 400 to a malformed id and 404 to an unknown one, storing nothing', async () => {
    const { cookie } = await newSignedInUser(t);
    const onDisk = await storedFiles(t);
    const rows = await fileRowCount(t);
    expect((await uploadAvatar(cookie, 'abc', pngForm())).json()).toEqual(failure(400, v.idInvalid));
    expect((await uploadAvatar(cookie, randomUUID(), pngForm())).json()).toEqual(patientNotFound);
    expect(await storedFiles(t)).toEqual(onDisk);
    expect(await fileRowCount(t)).toBe(rows);
  });
});

describe('DELETE /v1/patients/:id', () => {
  it('deletes the patient with its avatar and leaves no row pointing at it', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie, complete);
    const key = await giveAvatar(cookie, created.id);

    const tables = await tablesWithPatientId(t.database.db);
    expect(tables).toContain('files');
    expect(await rowsReferencing(t.database.db, 'files', created.id)).toBe(1);

    const response = await remove(cookie, created.id);
    expect(response.json()).toEqual({ status: 200, data: null, message: messages.patients.deleted });

    expect((await read(cookie, created.id)).json()).toEqual(patientNotFound);
    expect(await storedPatient(created.id)).toBeUndefined();
    expect(await storedFiles(t)).not.toContain(key);
    expect(await fileRow(t, key)).toBeUndefined();
    expect((await getFile(cookie, key)).json()).toEqual(failure(404, e.notFound));
    for (const table of tables) expect(await rowsReferencing(t.database.db, table, created.id), table).toBe(0);
    expect(await patientCount(user.id)).toBe(0);
    expect(await listPage(cookie)).toEqual({ patients: [], total: 0, nextCursor: null });
  });

  it('answers 404 when deleting twice', async () => {
    const { cookie } = await newSignedInUser(t);
    const created = await createPatientViaApi(t, cookie);
    expect((await remove(cookie, created.id)).statusCode).toBe(200);
    expect((await remove(cookie, created.id)).json()).toEqual(patientNotFound);
    expect((await update(cookie, created.id, complete)).json()).toEqual(patientNotFound);
    expect((await uploadAvatar(cookie, created.id, pngForm())).json()).toEqual(patientNotFound);
  });

  it("keeps the professional's other patients, their files and the professional's own avatar", async () => {
    const { user, cookie } = await newSignedInUser(t);
    const doomed = await createPatientViaApi(t, cookie, { firstName: 'Ana', lastName: 'Apagada' });
    const kept = await createPatientViaApi(t, cookie, { firstName: 'Bia', lastName: 'Mantida' });
    const doomedKey = await giveAvatar(cookie, doomed.id);
    const keptKey = await giveAvatar(cookie, kept.id);
    const own = await call('PUT', '/v1/users/me/avatar', cookie, pngForm());
    expect(own.statusCode).toBe(200);
    const ownKey = own.json().data.user.avatarExternalKey as string;
    const keptRow = await storedPatient(kept.id);

    expect((await remove(cookie, doomed.id)).statusCode).toBe(200);

    const onDisk = await storedFiles(t);
    expect(onDisk).not.toContain(doomedKey);
    expect(onDisk).toContain(keptKey);
    expect(onDisk).toContain(ownKey);
    expect(await fileRow(t, keptKey)).toMatchObject({ ownerId: user.id, patientId: kept.id });
    expect(await fileRow(t, ownKey)).toMatchObject({ ownerId: user.id, patientId: null });
    expect(await storedPatient(kept.id)).toEqual(keptRow);
    expect((await getFile(cookie, keptKey)).statusCode).toBe(200);
    expect((await getFile(cookie, ownKey)).statusCode).toBe(200);
    expect((await listPage(cookie)).patients.map((p) => p.id)).toEqual([kept.id]);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await remove(cookie, 'abc')).json()).toEqual(failure(400, v.idInvalid));
    expect((await remove(cookie, randomUUID())).json()).toEqual(patientNotFound);
  });

  describe('a patient with a finalized record', () => {
    const nameConfirmation = failure(409, e.patientNameConfirmation);

    /** Júlia Conceição Araújo with a draft record and `finalized` finalized ones. */
    async function patientWithRecords(finalized: number) {
      const { cookie } = await newSignedInUser(t);
      const patient = await createPatientViaApi(t, cookie, { firstName: 'Júlia', lastName: 'Conceição Araújo' });
      await createRecordViaApi(t, cookie, patient.id, 'Rascunho');
      for (let n = 0; n < finalized; n += 1) {
        const record = await createRecordViaApi(t, cookie, patient.id, `Sessão ${n + 1}`);
        expect((await call('POST', `/v1/records/${record.id}/finalize`, cookie)).statusCode).toBe(200);
      }
      return { cookie, patient };
    }

    async function recordsOf(patientId: string): Promise<number> {
      return rowsReferencing(t.database.db, 'records', patientId);
    }

    it('says whether deleting asks for the name: only with a finalized record', async () => {
      const draftOnly = await patientWithRecords(0);
      expect((await deletion(draftOnly.cookie, draftOnly.patient.id)).json()).toEqual({
        status: 200,
        data: { deletion: { finalizedRecords: 0, confirmNameRequired: false } },
      });
      const kept = await patientWithRecords(2);
      expect((await deletion(kept.cookie, kept.patient.id)).json().data).toEqual({ deletion: { finalizedRecords: 2, confirmNameRequired: true } });
    });

    it('answers 409 and deletes nothing without the full name, or with another', async () => {
      const { cookie, patient } = await patientWithRecords(1);
      const saved = await storedPatient(patient.id);
      for (const body of [undefined, {}, { confirmName: '' }, { confirmName: 'Júlia' }, { confirmName: 'Julia Conceicao Araujo' }, { confirmName: 'Júlia Araújo' }]) {
        expect((await remove(cookie, patient.id, body)).json(), JSON.stringify(body)).toEqual(nameConfirmation);
      }
      expect(e.patientNameConfirmation).toBe('Digite o nome completo do paciente para confirmar a exclusão.');
      expect(await storedPatient(patient.id)).toEqual(saved);
      expect(await recordsOf(patient.id)).toBe(2);
    });

    it('deletes with the full name as stored, case and spaces aside, records and all', async () => {
      const { cookie, patient } = await patientWithRecords(1);
      const response = await remove(cookie, patient.id, { confirmName: '  júlia  CONCEIÇÃO araújo ' });
      expect(response.json()).toEqual({ status: 200, data: null, message: messages.patients.deleted });
      expect(await storedPatient(patient.id)).toBeUndefined();
      expect(await recordsOf(patient.id)).toBe(0);
    });

    it('deletes a patient without a last name by the first name', async () => {
      const { cookie } = await newSignedInUser(t);
      const patient = await createPatientViaApi(t, cookie, { firstName: 'Ana', lastName: null });
      const record = await createRecordViaApi(t, cookie, patient.id);
      expect((await call('POST', `/v1/records/${record.id}/finalize`, cookie)).statusCode).toBe(200);
      expect((await remove(cookie, patient.id)).json()).toEqual(nameConfirmation);
      expect((await remove(cookie, patient.id, { confirmName: 'ana' })).statusCode).toBe(200);
    });

    it("answers 404 to another professional's patient whatever the name, and 400 to a name that is not text", async () => {
      const { cookie, patient } = await patientWithRecords(1);
      const stranger = await newSignedInUser(t);
      expect((await deletion(stranger.cookie, patient.id)).json()).toEqual(patientNotFound);
      expect((await remove(stranger.cookie, patient.id, { confirmName: 'Júlia Conceição Araújo' })).json()).toEqual(patientNotFound);
      expect((await remove(cookie, patient.id, { confirmName: 7 })).json()).toEqual(failure(400, v.invalidBody));
      expect((await remove(cookie, patient.id, { confirmName: 'x'.repeat(300) })).statusCode).toBe(400);
      expect((await deletion(undefined, patient.id)).json()).toEqual(unauthorized);
      expect(await recordsOf(patient.id)).toBe(2);
    });
  });
});

describe('GET /v1/users/me/stats', () => {
  it("counts only the professional's patients", async () => {
    const one = await newSignedInUser(t);
    const two = await newSignedInUser(t);
    const three = await newSignedInUser(t);
    for (let i = 0; i < 3; i++) await newPatient(t, { owner: one.user });
    const gone = await createPatientViaApi(t, two.cookie);

    const stats = async (cookie: string): Promise<unknown> => (await call('GET', '/v1/users/me/stats', cookie)).json();
    expect(await stats(one.cookie)).toEqual({ status: 200, data: { stats: { patients: 3, forms: 0, records: 0, chats: 0 } } });
    expect(await stats(two.cookie)).toEqual({ status: 200, data: { stats: { patients: 1, forms: 0, records: 0, chats: 0 } } });
    expect(await stats(three.cookie)).toEqual({ status: 200, data: { stats: { patients: 0, forms: 0, records: 0, chats: 0 } } });

    await remove(two.cookie, gone.id);
    expect(await stats(two.cookie)).toEqual({ status: 200, data: { stats: { patients: 0, forms: 0, records: 0, chats: 0 } } });
  });

  it('keeps the patient counter equal to the rows under concurrent creates and deletes', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => createPatientViaApi(t, cookie, { firstName: `Paciente ${i}` })));
    await Promise.all(created.slice(0, 3).map((patient) => remove(cookie, patient.id)));
    await Promise.all(created.slice(0, 3).map((patient) => remove(cookie, patient.id)));
    const [counter] = await t.database.db.select({ n: users.patientCount }).from(users).where(eq(users.id, user.id));
    expect(counter!.n).toBe(await patientCount(user.id));
    expect(counter!.n).toBe(5);
    expect((await listPage(cookie, {})).total).toBe(5);
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/v1/users/me/stats', undefined)).json()).toEqual(unauthorized);
    expect((await call('GET', '/v1/users/me/stats', 'sid=forged')).json()).toEqual(unauthorized);
  });
});

describe('GET /v1/support-contacts', () => {
  it('answers the three addresses of the configuration', async () => {
    const { cookie } = await newSignedInUser(t);
    const response = await call('GET', '/v1/support-contacts', cookie);
    expect(response.json()).toEqual({
      status: 200,
      data: { supportContacts: { technical: 'suporte@consultorio.local', account: 'suporte@consultorio.local', billing: 'suporte@consultorio.local' } },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/v1/support-contacts', undefined)).json()).toEqual(unauthorized);
  });

  describe('with SUPPORT_EMAIL and SUPPORT_BILLING_EMAIL set', () => {
    let configured: TestApp;
    beforeAll(async () => {
      configured = await createTestApp({ env: { SUPPORT_EMAIL: 'ajuda@clinica.example', SUPPORT_BILLING_EMAIL: 'financeiro@clinica.example' } });
    });
    afterAll(async () => {
      await configured.close();
    });

    it('answers them, with the account address falling back to SUPPORT_EMAIL', async () => {
      const { cookie } = await newSignedInUser(configured);
      const response = await configured.request({ method: 'GET', url: '/v1/support-contacts', headers: { cookie } });
      expect(response.json()).toEqual({
        status: 200,
        data: { supportContacts: { technical: 'ajuda@clinica.example', account: 'ajuda@clinica.example', billing: 'financeiro@clinica.example' } },
      });
    });
  });
});

describe('storage layout', () => {
  it('keeps every stored file next to a row, with no leftovers', async () => {
    const rows = await t.database.db.select({ key: files.key }).from(files);
    expect(rows.length).toBeGreaterThan(0);
    expect(await storedFiles(t)).toEqual(rows.map((row) => row.key).sort());
  });
});
