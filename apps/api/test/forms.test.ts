import { randomUUID } from 'node:crypto';
import { fieldTypes, limits, messages, type Form, type QaTemplate, type UserStats } from '@consultorio/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, qaTemplates } from '../src/db/schema';
import { templateLibrary } from '../src/db/seed';
import type { QaTemplateRow } from '../src/modules/qa-templates/qa-templates.repository';
import { sanitizeDescriptionHtml } from '../src/platform/sanitize-html';
import { rowsReferencing, tablesWithPatientId } from './helpers/orphans';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createFormViaApi, libraryKeys, libraryTemplate, newForm, newTemplate, type LibraryKey } from './factories/forms';
import { createPatientViaApi, newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

let t: TestApp;
let library: Record<LibraryKey, QaTemplateRow>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await Promise.all(libraryKeys.map(async (key) => [key, await libraryTemplate(t, key)] as const));
  library = Object.fromEntries(rows) as Record<LibraryKey, QaTemplateRow>;
});
afterAll(async () => {
  await t.close();
});

const v = messages.validation;
const e = messages.errors;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** At least 128 bits in URL-safe base64 (22 characters of 6 bits). */
const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{22,}$/;

const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const unauthorized = failure(401, e.unauthorized);
const patientNotFound = failure(404, e.patientNotFound);
const formNotFound = failure(404, e.formNotFound);
const templateNotFound = failure(404, e.templateNotFound);
const idInvalid = failure(400, v.idInvalid);
const formLocked = failure(423, e.formLocked);

// ---------------------------------------------------------------------------------------------
// Requests

interface CallOptions {
  headers?: Record<string, string>;
  ip?: string;
}

function call(method: InjectOptions['method'], url: string, cookie: string | undefined, payload?: unknown, options: CallOptions = {}) {
  return t.request({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

const listTemplates = (cookie: string | undefined) => call('GET', '/v1/users/me/qa-templates', cookie);
const create = (cookie: string | undefined, patientId: string, payload?: unknown) => call('POST', `/v1/patients/${patientId}/forms`, cookie, payload);
const list = (cookie: string | undefined, patientId: string) => call('GET', `/v1/patients/${patientId}/forms`, cookie);
const read = (cookie: string | undefined, id: string) => call('GET', `/v1/forms/${id}`, cookie);
const update = (cookie: string | undefined, id: string, payload?: unknown) => call('PUT', `/v1/forms/${id}`, cookie, payload);
const remove = (cookie: string | undefined, id: string) => call('DELETE', `/v1/forms/${id}`, cookie);
const saveContent = (cookie: string | undefined, id: string, payload?: unknown) => call('PUT', `/v1/forms/${id}/content`, cookie, payload);
const stats = (cookie: string) => call('GET', '/v1/users/me/stats', cookie);

// The public calls are limited per IP address: unless a test says otherwise each one comes from
// an address of its own, so the tests do not use up one another's calls.
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

interface PublicOptions {
  ip?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

const publicRead = (payload: unknown, options: PublicOptions = {}) =>
  call('POST', '/v1/forms/public', options.cookie, payload, { ip: options.ip ?? nextIp(), ...(options.headers ? { headers: options.headers } : {}) });
const publicSave = (payload: unknown, options: PublicOptions = {}) =>
  call('PUT', '/v1/forms/public/content', options.cookie, payload, {
    ip: options.ip ?? nextIp(),
    ...(options.headers ? { headers: options.headers } : {}),
  });

async function createdForm(cookie: string, patientId: string, key: LibraryKey, name = 'Formulário'): Promise<Form> {
  return (await createFormViaApi(t, cookie, patientId, { name, qaTemplateId: library[key].id })).form;
}

/** A signed-in professional with a patient and a form of `key` created through the API. */
async function professionalWithForm(key: LibraryKey = 'anamnese-geral') {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await createPatientViaApi(t, cookie, { firstName: 'Carla', lastName: 'Mendes' });
  const form = await createdForm(cookie, patient.id, key);
  return { user, cookie, patient, form };
}

/** Saves `content` as the professional and checks the call succeeded; returns the form answered. */
async function saved(cookie: string, id: string, content: Record<string, string | number | null>): Promise<Form> {
  const response = await saveContent(cookie, id, { content });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.form as Form;
}

function expectedTemplate(row: QaTemplateRow): QaTemplate {
  return { id: row.id, name: row.name, description: row.description, content: row.content, scoring: row.scoring ?? null, isOwn: row.ownerId !== null };
}

/** The template as the patient's link shows it: no id. */
function publicTemplate(row: QaTemplateRow): Omit<QaTemplate, 'id' | 'isOwn'> {
  const { id: _id, isOwn: _isOwn, ...template } = expectedTemplate(row);
  return template;
}

// ---------------------------------------------------------------------------------------------
// Database

async function storedForm(id: string) {
  const [row] = await t.database.db.select().from(forms).where(eq(forms.id, id));
  return row;
}

async function formCount(ownerId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(forms).where(eq(forms.ownerId, ownerId));
  return row!.n;
}

async function libraryRows() {
  return t.database.db.select().from(qaTemplates).where(isNull(qaTemplates.ownerId));
}


// ---------------------------------------------------------------------------------------------

describe('GET /v1/users/me/qa-templates', () => {
  async function templatesOf(cookie: string): Promise<QaTemplate[]> {
    const response = await listTemplates(cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.qaTemplates as QaTemplate[];
  }

  it('lists the six templates of the library, by name, each as its data file declares it', async () => {
    const { cookie } = await newSignedInUser(t);
    const response = await listTemplates(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    const templates = body.data.qaTemplates as QaTemplate[];

    expect(templates.map((template) => template.name)).toEqual([
      'Anamnese geral',
      'Anamnese nutricional',
      'Anamnese psicológica',
      'Evolução de sessão',
      'GAD-7 — Transtorno de ansiedade generalizada',
      'PHQ-9 — Questionário sobre a saúde do paciente',
    ]);
    expect(templateLibrary).toHaveLength(6);
    for (const seed of templateLibrary) {
      const template = templates.find((candidate) => candidate.name === seed.name);
      expect(template, seed.key).toEqual({
        id: expect.stringMatching(UUID),
        name: seed.name,
        description: sanitizeDescriptionHtml(seed.description),
        content: seed.content,
        scoring: seed.scoring ?? null,
        isOwn: false,
      });
      expect(template!.id).toBe(library[seed.key as LibraryKey].id);
    }
    expect(templates.find((template) => template.name.startsWith('PHQ-9'))!.scoring).not.toBeNull();
    expect(templates.find((template) => template.name.startsWith('GAD-7'))!.scoring).not.toBeNull();
    expect(templates.filter((template) => template.scoring === null)).toHaveLength(4);
  });

  it('uses every field type across the library, each field with a label and radio and select fields with options', async () => {
    const { cookie } = await newSignedInUser(t);
    const fields = (await templatesOf(cookie)).flatMap((template) => template.content.flatMap((section) => section.fields));
    expect(new Set(fields.map((field) => field.type))).toEqual(new Set(fieldTypes));
    expect(new Set(['radio', 'number', 'text', 'shorttext', 'string', 'textarea', 'longtext', 'select', 'time'])).toEqual(new Set(fieldTypes));
    for (const field of fields) {
      expect(field.label.trim(), `${field.number}`).not.toBe('');
      if (field.type === 'radio' || field.type === 'select') {
        expect(field.options.length, field.label).toBeGreaterThanOrEqual(2);
        expect(new Set(field.options.map((option) => option.value)).size, field.label).toBe(field.options.length);
      } else {
        expect(field.options, field.label).toEqual([]);
      }
    }
  });

  it('numbers the fields of each template without repeats', async () => {
    const { cookie } = await newSignedInUser(t);
    for (const template of await templatesOf(cookie)) {
      const numbers = template.content.flatMap((section) => section.fields.map((field) => field.number));
      expect(new Set(numbers).size, template.name).toBe(numbers.length);
      expect(template.content.length, template.name).toBeGreaterThan(0);
    }
  });

  it.each([
    ['phq-9', 9, 27],
    ['gad-7', 7, 21],
  ] as const)('gives %s items that are radios worth 0 to 3, summed into bands up to the maximum', async (key, items, max) => {
    const { cookie } = await newSignedInUser(t);
    const template = (await templatesOf(cookie)).find((candidate) => candidate.id === library[key].id)!;
    const scoring = template.scoring!;
    expect(scoring.method).toBe('sum');
    expect(scoring.fields).toEqual(Array.from({ length: items }, (_, i) => i + 1));
    const fields = new Map(template.content.flatMap((section) => section.fields).map((field) => [field.number, field]));
    for (const number of scoring.fields) {
      const field = fields.get(number)!;
      expect(field.type, `item ${number}`).toBe('radio');
      expect(field.options.map((option) => option.value), `item ${number}`).toEqual(['0', '1', '2', '3']);
      for (const option of field.options) expect(option.label.trim(), `item ${number}`).not.toBe('');
    }
    // The bands cover 0 to the maximum without gaps or overlaps.
    expect(scoring.bands[0]!.min).toBe(0);
    expect(scoring.bands.at(-1)!.max).toBe(max);
    for (let i = 1; i < scoring.bands.length; i++) expect(scoring.bands[i]!.min).toBe(scoring.bands[i - 1]!.max + 1);
  });

  it('stores and answers descriptions without scripts, event handlers or javascript: links', async () => {
    const { cookie } = await newSignedInUser(t);
    const stored = await libraryRows();
    expect(stored.length).toBeGreaterThanOrEqual(6);
    const answered = (await templatesOf(cookie)).map((template) => template.description);
    for (const html of [...stored.map((row) => row.description), ...answered]) {
      expect(html).not.toMatch(/<\s*script/i);
      expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript\s*:/i);
      expect(html).not.toMatch(/<\s*(iframe|object|embed|style)/i);
    }
    for (const row of stored) expect(row.description).toBe(sanitizeDescriptionHtml(row.description));
  });

  it('seeds through a sanitizer that removes scripts, handlers and javascript: links but keeps formatting', () => {
    const html = sanitizeDescriptionHtml(
      '<p onclick="alert(1)">Olá <strong>mundo</strong></p><script>alert(1)</script><img src=x onerror="alert(1)">' +
        '<a href="javascript:alert(1)">x</a><a href="https://example.com" onmouseover="alert(1)">site</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<img/i);
    expect(html).toContain('<strong>mundo</strong>');
    expect(html).toContain('href="https://example.com"');
  });

  it("offers a professional's own template to them only", async () => {
    const owner = await newSignedInUser(t);
    const other = await newSignedInUser(t);
    const own = await newTemplate(t, { ownerId: owner.user.id, name: 'Aaa meu questionário' });

    expect((await templatesOf(owner.cookie)).map((template) => template.id)).toContain(own.id);
    expect((await templatesOf(other.cookie)).map((template) => template.id)).not.toContain(own.id);
    expect(await templatesOf(other.cookie)).toHaveLength(6);

    const otherPatient = await createPatientViaApi(t, other.cookie);
    expect((await create(other.cookie, otherPatient.id, { name: 'X', qaTemplateId: own.id })).json()).toEqual(templateNotFound);
    expect(await formCount(other.user.id)).toBe(0);

    const ownerPatient = await createPatientViaApi(t, owner.cookie);
    const created = await create(owner.cookie, ownerPatient.id, { name: 'X', qaTemplateId: own.id });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.form.qaTemplateName).toBe('Aaa meu questionário');
  });

  it('offers only the current version of a template, while a form keeps the version it was created with', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const v1 = await newTemplate(t, { ownerId: user.id, name: 'Versão 1' });
    const form = (await createFormViaApi(t, cookie, patient.id, { qaTemplateId: v1.id })).form;

    const v2 = await newTemplate(t, {
      key: v1.key,
      version: 2,
      ownerId: user.id,
      name: 'Versão 2',
      content: [{ title: 'Nova', fields: [{ number: 1, label: 'Horário', type: 'time', options: [] }] }],
    });
    await t.database.db.update(qaTemplates).set({ isCurrent: false }).where(eq(qaTemplates.id, v1.id));

    const offered = (await templatesOf(cookie)).map((template) => template.id);
    expect(offered).toContain(v2.id);
    expect(offered).not.toContain(v1.id);
    expect((await create(cookie, patient.id, { name: 'Y', qaTemplateId: v1.id })).json()).toEqual(templateNotFound);

    const fetched = (await read(cookie, form.id)).json().data;
    expect(fetched.qaTemplate).toEqual(expectedTemplate({ ...v1, isCurrent: false }));
    expect(fetched.form.qaTemplateName).toBe('Versão 1');
    // The answers are still checked against the form's own version: field 1 is text there.
    expect((await saved(cookie, form.id, { 1: 'texto livre' })).content).toEqual({ 1: 'texto livre' });
  });

  it('answers 401 without a session', async () => {
    expect((await listTemplates(undefined)).json()).toEqual(unauthorized);
    expect((await listTemplates('sid=forged')).json()).toEqual(unauthorized);
  });
});

describe('seeding the template library', () => {
  it('is idempotent: migrating again adds no template and keeps ids and forms', async () => {
    const { cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const form = await createdForm(cookie, patient.id, 'phq-9');
    const before = (await libraryRows()).sort((a, b) => a.id.localeCompare(b.id));
    expect(before).toHaveLength(6);

    await t.database.migrate();
    await t.database.migrate();

    const after = (await libraryRows()).sort((a, b) => a.id.localeCompare(b.id));
    expect(after).toEqual(before);
    const keys = after.map((row) => `${row.key}@${row.version}`).sort();
    expect(keys).toEqual(templateLibrary.map((seed) => `${seed.key}@${seed.version}`).sort());
    expect(after.every((row) => row.isCurrent)).toBe(true);
    expect((await listTemplates(cookie)).json().data.qaTemplates).toHaveLength(6);
    expect((await read(cookie, form.id)).statusCode).toBe(200);
  });

  it('keeps one current library version per key', async () => {
    const rows = await t.database.db
      .select({ key: qaTemplates.key, n: count() })
      .from(qaTemplates)
      .where(and(isNull(qaTemplates.ownerId), eq(qaTemplates.isCurrent, true)))
      .groupBy(qaTemplates.key);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.n, row.key).toBe(1);
  });
});

describe('POST /v1/patients/:id/forms', () => {
  it('creates a form and answers 201 with data.form, data.qaTemplate and the message', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const response = await create(cookie, patient.id, { name: 'Primeira consulta', qaTemplateId: library['anamnese-geral'].id });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: 201,
      message: messages.forms.created,
      data: {
        form: {
          id: expect.stringMatching(UUID),
          name: 'Primeira consulta',
          qaTemplateId: library['anamnese-geral'].id,
          qaTemplateName: 'Anamnese geral',
          patientId: patient.id,
          content: {},
          publicToken: expect.stringMatching(PUBLIC_TOKEN),
          isLocked: false,
          publicExpiresAt: expect.stringMatching(ISO_TIME),
          sentAt: null,
          submittedAt: null,
          creationDate: expect.stringMatching(ISO_TIME),
          lastUpdateDate: expect.stringMatching(ISO_TIME),
          createdAt: expect.stringMatching(ISO_TIME),
        },
        qaTemplate: expectedTemplate(library['anamnese-geral']),
      },
    });
    const form = body.data.form as Form;
    expect(form.creationDate).toBe(form.createdAt);
    // The patient's link works for 14 days from the form's creation.
    expect(Date.parse(form.publicExpiresAt!) - Date.parse(form.createdAt)).toBe(limits.publicFormLinkDays * 86_400_000);
    expect(Buffer.from(form.publicToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await storedForm(form.id)).toMatchObject({
      ownerId: user.id,
      patientId: patient.id,
      qaTemplateId: library['anamnese-geral'].id,
      name: 'Primeira consulta',
      content: {},
      publicToken: form.publicToken,
      isLocked: false,
    });
  });

  it('creates a form of each template of the library', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    for (const key of libraryKeys) {
      const { form, qaTemplate } = await createFormViaApi(t, cookie, patient.id, { name: key, qaTemplateId: library[key].id });
      expect(form.qaTemplateName, key).toBe(library[key].name);
      expect(qaTemplate, key).toEqual(expectedTemplate(library[key]));
    }
    expect(await formCount(user.id)).toBe(6);
  });

  it('trims the name and accepts one of exactly the maximum length', async () => {
    const { cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    expect((await createdForm(cookie, patient.id, 'gad-7', '  GAD-7 inicial  ')).name).toBe('GAD-7 inicial');
    const longest = 'n'.repeat(limits.itemNameMax);
    expect((await createdForm(cookie, patient.id, 'gad-7', longest)).name).toBe(longest);
  });

  it('ignores fields the client may not set: id, owner, token, lock, content, dates', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const forcedId = randomUUID();
    const response = await create(cookie, patient.id, {
      name: 'Anamnese',
      qaTemplateId: library['anamnese-geral'].id,
      id: forcedId,
      ownerId: stranger.user.id,
      patientId: randomUUID(),
      publicToken: 'escolhido-pelo-cliente-123456',
      isLocked: true,
      content: { 1: 'Engenheira' },
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const form = response.json().data.form as Form;
    expect(form).toMatchObject({ patientId: patient.id, isLocked: false, content: {} });
    expect(form.id).not.toBe(forcedId);
    expect(form.publicToken).not.toBe('escolhido-pelo-cliente-123456');
    expect(form.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await storedForm(form.id)).toMatchObject({ ownerId: user.id, patientId: patient.id });
    expect(await formCount(stranger.user.id)).toBe(0);
  });

  it('gives every form its own URL-safe public token', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => createdForm(cookie, patient.id, 'phq-9', `PHQ-9 ${i}`)));
    const tokens = created.map((form) => form.publicToken);
    for (const token of tokens) {
      expect(token).toMatch(PUBLIC_TOKEN);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(tokens).size).toBe(40);
    expect(await formCount(user.id)).toBe(40);
  });

  it.each([
    ['the name is missing', { name: undefined }, v.nameRequired],
    ['the name is empty', { name: '' }, v.nameRequired],
    ['the name is blank', { name: '   ' }, v.nameRequired],
    ['the name is null', { name: null }, v.nameRequired],
    ['the name is a number', { name: 42 }, v.nameRequired],
    ['the name is too long', { name: 'n'.repeat(limits.itemNameMax + 1) }, v.tooLong(limits.itemNameMax)],
    ['the template is missing', { qaTemplateId: undefined }, v.templateRequired],
    ['the template is empty', { qaTemplateId: '' }, v.templateRequired],
    ['the template is null', { qaTemplateId: null }, v.templateRequired],
    ['the template is not a uuid', { qaTemplateId: 'phq-9' }, v.templateRequired],
  ])('answers 400 with the rule message when %s, and creates nothing', async (_case, change, message) => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const response = await create(cookie, patient.id, { name: 'Anamnese', qaTemplateId: library['anamnese-geral'].id, ...change });
    expect(response.json()).toEqual(failure(400, message));
    expect(await formCount(user.id)).toBe(0);
  });

  it('answers 4xx, never 500, to bodies that are not forms, and creates nothing', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const url = `/v1/patients/${patient.id}/forms`;
    const json = { 'content-type': 'application/json' };
    expect((await create(cookie, patient.id, [{ name: 'A', qaTemplateId: library['gad-7'].id }])).json()).toEqual(failure(400, v.invalidBody));
    expect((await call('POST', url, cookie, '"Anamnese"', { headers: json })).json()).toEqual(failure(400, v.invalidBody));
    expect((await call('POST', url, cookie, '{"name":', { headers: json })).json()).toEqual(failure(400, e.invalidJson));
    expect((await call('POST', url, cookie, 'name=A', { headers: { 'content-type': 'text/plain' } })).json()).toEqual(
      failure(415, e.unsupportedMediaType),
    );
    expect((await create(cookie, patient.id)).statusCode).toBe(400);
    // A NUL character is no valid text for the database: 400, not 500.
    expect((await create(cookie, patient.id, { name: 'A\u0000B', qaTemplateId: library['gad-7'].id })).json()).toEqual(
      failure(400, v.invalidBody),
    );
    expect(await formCount(user.id)).toBe(0);
  });

  it('answers 404 to a template that does not exist', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    expect((await create(cookie, patient.id, { name: 'Anamnese', qaTemplateId: randomUUID() })).json()).toEqual(templateNotFound);
    // A form id or a patient id is no template either.
    const form = await createdForm(cookie, patient.id, 'gad-7');
    expect((await create(cookie, patient.id, { name: 'Anamnese', qaTemplateId: form.id })).json()).toEqual(templateNotFound);
    expect((await create(cookie, patient.id, { name: 'Anamnese', qaTemplateId: patient.id })).json()).toEqual(templateNotFound);
    expect(await formCount(user.id)).toBe(1);
  });

  it("answers 404 for another professional's patient or an unknown one, 400 for a malformed id, and creates nothing", async () => {
    const owner = await newSignedInUser(t);
    const intruder = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, owner.cookie);
    const body = { name: 'Anamnese', qaTemplateId: library['anamnese-geral'].id };
    expect((await create(intruder.cookie, patient.id, body)).json()).toEqual(patientNotFound);
    expect((await create(intruder.cookie, randomUUID(), body)).json()).toEqual(patientNotFound);
    expect((await create(intruder.cookie, 'abc', body)).json()).toEqual(idInvalid);
    expect(await formCount(intruder.user.id)).toBe(0);
    expect(await formCount(owner.user.id)).toBe(0);
  });

  it('answers 401 without a session and creates nothing', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie);
    const body = { name: 'Anamnese', qaTemplateId: library['anamnese-geral'].id };
    expect((await create(undefined, patient.id, body)).json()).toEqual(unauthorized);
    expect((await create('sid=forged', patient.id, body)).json()).toEqual(unauthorized);
    expect(await formCount(user.id)).toBe(0);
  });
});

describe('GET /v1/patients/:id/forms', () => {
  it('answers an empty list with the patient', async () => {
    const { cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie, { firstName: 'Carla', lastName: null });
    expect((await list(cookie, patient.id)).json()).toEqual({
      status: 200,
      data: { forms: [], patient: { id: patient.id, firstName: 'Carla', lastName: null, fullName: 'Carla' } },
    });
  });

  it("lists the patient's forms newest first, as created, with the patient", async () => {
    const { cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie, { firstName: 'Carla', lastName: 'Mendes' });
    // created_at comes from the database's now(): created one after the other, they are in order.
    const created: Form[] = [];
    for (const key of ['anamnese-geral', 'phq-9', 'gad-7'] as const) created.push(await createdForm(cookie, patient.id, key, `Form ${key}`));

    const response = await list(cookie, patient.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.patient).toEqual({ id: patient.id, firstName: 'Carla', lastName: 'Mendes', fullName: 'Carla Mendes' });
    const listed = body.data.forms as Form[];
    expect(listed).toEqual([...created].reverse());
    const times = listed.map((form) => Date.parse(form.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(listed.map((form) => form.qaTemplateName)).toEqual([library['gad-7'].name, library['phq-9'].name, library['anamnese-geral'].name]);
  });

  it('sorts by creation date, not by insertion order or name', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const template = library['evolucao-sessao'];
    const middle = await newForm(t, { owner: user, patient, template, name: 'A', createdAt: new Date('2024-06-01T12:00:00Z') });
    const oldest = await newForm(t, { owner: user, patient, template, name: 'B', createdAt: new Date('2023-01-01T12:00:00Z') });
    const newest = await newForm(t, { owner: user, patient, template, name: 'C', createdAt: new Date('2025-03-01T12:00:00Z') });
    const listed = (await list(cookie, patient.id)).json().data.forms as Form[];
    expect(listed.map((form) => form.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(listed[0]).toMatchObject({ createdAt: '2025-03-01T12:00:00.000Z', creationDate: '2025-03-01T12:00:00.000Z' });
  });

  it("lists only this patient's forms: not the professional's other patients', not other professionals'", async () => {
    const { user, cookie } = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const sibling = await newPatient(t, { owner: user });
    const strangersPatient = await newPatient(t, { owner: stranger.user });
    const template = library['phq-9'];
    const mine = await newForm(t, { owner: user, patient, template });
    const siblings = await newForm(t, { owner: user, patient: sibling, template });
    await newForm(t, { owner: stranger.user, patient: strangersPatient, template });

    expect(((await list(cookie, patient.id)).json().data.forms as Form[]).map((form) => form.id)).toEqual([mine.id]);
    expect(((await list(cookie, sibling.id)).json().data.forms as Form[]).map((form) => form.id)).toEqual([siblings.id]);
  });

  it("answers 404 for another professional's patient or an unknown one, 400 for a malformed id, 401 without a session", async () => {
    const owner = await newSignedInUser(t);
    const intruder = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, owner.cookie);
    await createdForm(owner.cookie, patient.id, 'gad-7');
    expect((await list(intruder.cookie, patient.id)).json()).toEqual(patientNotFound);
    expect((await list(intruder.cookie, randomUUID())).json()).toEqual(patientNotFound);
    expect((await list(intruder.cookie, 'abc')).json()).toEqual(idInvalid);
    expect((await list(undefined, patient.id)).json()).toEqual(unauthorized);
    expect((await list('sid=forged', patient.id)).json()).toEqual(unauthorized);
  });
});

describe('GET /v1/forms/:id', () => {
  it('answers the form with its template and patient', async () => {
    const { cookie, patient, form } = await professionalWithForm('phq-9');
    const response = await read(cookie, form.id);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        form,
        qaTemplate: expectedTemplate(library['phq-9']),
        patient: { id: patient.id, firstName: 'Carla', lastName: 'Mendes', fullName: 'Carla Mendes' },
      },
    });
  });

  it("answers 404 for another professional's form or an unknown one, 400 for a malformed id, 401 without a session", async () => {
    const { form } = await professionalWithForm();
    const intruder = await newSignedInUser(t);
    expect((await read(intruder.cookie, form.id)).json()).toEqual(formNotFound);
    expect((await read(intruder.cookie, randomUUID())).json()).toEqual(formNotFound);
    expect((await read(intruder.cookie, form.patientId)).json()).toEqual(formNotFound);
    expect((await read(intruder.cookie, 'abc')).json()).toEqual(idInvalid);
    expect((await read(undefined, form.id)).json()).toEqual(unauthorized);
    expect((await read('sid=forged', form.id)).json()).toEqual(unauthorized);
  });
});

describe('PUT /v1/forms/:id', () => {
  it('renames the form, trims the name and moves lastUpdateDate, keeping the rest', async () => {
    const { cookie, form } = await professionalWithForm();
    await saved(cookie, form.id, { 1: 'Engenheira' });
    t.clock.advance(90);
    const response = await update(cookie, form.id, { name: '  Anamnese de março  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 200,
      message: messages.forms.updated,
      data: { form: { ...form, name: 'Anamnese de março', content: { 1: 'Engenheira' }, lastUpdateDate: expect.stringMatching(ISO_TIME) } },
    });
    const renamed = body.data.form as Form;
    expect(Date.parse(renamed.lastUpdateDate) - Date.parse(form.lastUpdateDate)).toBeGreaterThanOrEqual(80_000);
    expect(renamed.creationDate).toBe(form.creationDate);
    expect((await read(cookie, form.id)).json().data.form).toEqual(renamed);
    expect((await storedForm(form.id))!.name).toBe('Anamnese de março');
  });

  it('locks and unlocks the form with their messages, and the public link follows', async () => {
    const { cookie, form } = await professionalWithForm();

    const locked = await update(cookie, form.id, { isLocked: true });
    expect(locked.json()).toEqual({
      status: 200,
      message: messages.forms.locked,
      data: { form: { ...form, isLocked: true, lastUpdateDate: expect.stringMatching(ISO_TIME) } },
    });
    expect((await read(cookie, form.id)).json().data.form.isLocked).toBe(true);
    expect((await publicRead({ publicToken: form.publicToken })).json().data.form.isLocked).toBe(true);

    const unlocked = await update(cookie, form.id, { isLocked: false });
    expect(unlocked.json()).toMatchObject({ status: 200, message: messages.forms.unlocked, data: { form: { name: form.name, isLocked: false } } });
    expect((await storedForm(form.id))!.isLocked).toBe(false);
    expect((await publicRead({ publicToken: form.publicToken })).json().data.form.isLocked).toBe(false);
  });

  it('renames and locks in one call, answering the lock message', async () => {
    const { cookie, form } = await professionalWithForm();
    const response = await update(cookie, form.id, { name: 'Fechado', isLocked: true });
    expect(response.json()).toMatchObject({ status: 200, message: messages.forms.locked, data: { form: { name: 'Fechado', isLocked: true } } });
  });

  it('keeps the token, content, owner and patient whatever the body says', async () => {
    const { user, cookie, form } = await professionalWithForm();
    const stranger = await newSignedInUser(t);
    await saved(cookie, form.id, { 1: 'Engenheira' });
    const response = await update(cookie, form.id, {
      name: 'Novo nome',
      publicToken: 'outro-token-escolhido-0000',
      content: { 1: 'Trocado' },
      ownerId: stranger.user.id,
      patientId: randomUUID(),
      qaTemplateId: library['phq-9'].id,
    });
    expect(response.statusCode).toBe(200);
    expect(await storedForm(form.id)).toMatchObject({
      name: 'Novo nome',
      publicToken: form.publicToken,
      content: { 1: 'Engenheira' },
      ownerId: user.id,
      patientId: form.patientId,
      qaTemplateId: library['anamnese-geral'].id,
    });
  });

  it.each([
    ['the body is empty', {}, v.nameRequired],
    ['the name is empty', { name: '' }, v.nameRequired],
    ['the name is blank', { name: '   ' }, v.nameRequired],
    ['the name is null', { name: null }, v.nameRequired],
    ['the name is too long', { name: 'n'.repeat(limits.itemNameMax + 1) }, v.tooLong(limits.itemNameMax)],
    ['the lock is a string', { isLocked: 'true' }, v.invalidBody],
    ['the lock is a number', { isLocked: 1 }, v.invalidBody],
    ['the lock is null', { isLocked: null }, v.invalidBody],
    ['the body is an array', [{ name: 'x' }], v.invalidBody],
  ])('answers 400 when %s, and keeps the form', async (_case, body, message) => {
    const { cookie, form } = await professionalWithForm();
    const before = await storedForm(form.id);
    const response = await update(cookie, form.id, body);
    if (message === undefined) expect(response.json()).toMatchObject({ status: 400, data: null, message: expect.any(String), code: expect.any(String), requestId: expect.any(String) });
    else expect(response.json()).toEqual(failure(400, message));
    expect(response.statusCode).toBe(400);
    expect(await storedForm(form.id)).toEqual(before);
  });

  it('answers 400 to a missing body and keeps the form', async () => {
    const { cookie, form } = await professionalWithForm();
    const before = await storedForm(form.id);
    expect((await update(cookie, form.id)).statusCode).toBe(400);
    expect(await storedForm(form.id)).toEqual(before);
  });

  it("answers 404 for another professional's form and leaves it unchanged; 400 for a malformed id; 401 without a session", async () => {
    const { form } = await professionalWithForm();
    const intruder = await newSignedInUser(t);
    const before = await storedForm(form.id);
    expect((await update(intruder.cookie, form.id, { name: 'Invadido' })).json()).toEqual(formNotFound);
    expect((await update(intruder.cookie, form.id, { isLocked: true })).json()).toEqual(formNotFound);
    expect((await update(intruder.cookie, randomUUID(), { name: 'Invadido' })).json()).toEqual(formNotFound);
    expect((await update(intruder.cookie, 'abc', { name: 'Invadido' })).json()).toEqual(idInvalid);
    expect((await update(undefined, form.id, { name: 'Invadido' })).json()).toEqual(unauthorized);
    expect(await storedForm(form.id)).toEqual(before);
  });
});

describe('DELETE /v1/forms/:id', () => {
  it('deletes the form: then it, its content and its public link answer 404', async () => {
    const { user, cookie, patient, form } = await professionalWithForm();
    const kept = await createdForm(cookie, patient.id, 'gad-7');
    await saved(cookie, form.id, { 1: 'Engenheira' });

    expect((await remove(cookie, form.id)).json()).toEqual({ status: 200, data: null, message: messages.forms.deleted });

    expect((await read(cookie, form.id)).json()).toEqual(formNotFound);
    expect((await update(cookie, form.id, { name: 'De volta' })).json()).toEqual(formNotFound);
    expect((await saveContent(cookie, form.id, { content: { 1: 'x' } })).json()).toEqual(formNotFound);
    expect((await remove(cookie, form.id)).json()).toEqual(formNotFound);
    expect((await publicRead({ publicToken: form.publicToken })).json()).toEqual(formNotFound);
    expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'x' } })).json()).toEqual(formNotFound);
    expect(await storedForm(form.id)).toBeUndefined();
    expect(((await list(cookie, patient.id)).json().data.forms as Form[]).map((f) => f.id)).toEqual([kept.id]);
    expect(await formCount(user.id)).toBe(1);
  });

  it("answers 404 for another professional's form and keeps it; 400 for a malformed id; 401 without a session", async () => {
    const { cookie, form } = await professionalWithForm();
    const intruder = await newSignedInUser(t);
    const before = await storedForm(form.id);
    expect((await remove(intruder.cookie, form.id)).json()).toEqual(formNotFound);
    expect((await remove(intruder.cookie, randomUUID())).json()).toEqual(formNotFound);
    expect((await remove(intruder.cookie, 'abc')).json()).toEqual(idInvalid);
    expect((await remove(undefined, form.id)).json()).toEqual(unauthorized);
    expect(await storedForm(form.id)).toEqual(before);
    expect((await read(cookie, form.id)).statusCode).toBe(200);
  });
});

describe('PUT /v1/forms/:id/content', () => {
  const short = (n: number) => 'c'.repeat(n);

  it('saves a valid answer of every field type and reads it back as stored', async () => {
    const { cookie, form } = await professionalWithForm('anamnese-geral');
    const longest = `${'L'.repeat(limits.longTextMax - 2)}\n!`;
    const content = {
      1: '  Engenheira \n  civil  ', // text: trimmed, one line
      2: 'Casado(a) ou união estável', // select
      3: 'Ensino superior', // select
      4: '  Dor de cabeça\nhá três semanas  ', // textarea: trimmed, keeps lines
      5: 'Dois\r\n\r\n meses', // shorttext: one line
      6: 'Hipertensão\n\nDiabetes tipo 2', // longtext: keeps lines
      7: longest, // textarea at its maximum
      8: 'Pólen\r\nPoeira', // string: one line
      9: short(limits.shortTextMax + 1), // textarea: long type, over the short limit is fine
      10: ' 23:30 ', // time: trimmed
      11: '00:00', // time
      12: '7,5', // number with a decimal comma
      13: 'Sim', // radio
      14: 'Não', // radio
      15: 'Raramente', // select
      16: short(limits.shortTextMax), // longtext
    };
    const expected = {
      1: 'Engenheira civil',
      2: 'Casado(a) ou união estável',
      3: 'Ensino superior',
      4: 'Dor de cabeça\nhá três semanas',
      5: 'Dois meses',
      6: 'Hipertensão\n\nDiabetes tipo 2',
      7: longest,
      8: 'Pólen Poeira',
      9: short(limits.shortTextMax + 1),
      10: '23:30',
      11: '00:00',
      12: 7.5,
      13: 'Sim',
      14: 'Não',
      15: 'Raramente',
      16: short(limits.shortTextMax),
    };
    const response = await saveContent(cookie, form.id, { content });
    expect(response.json()).toEqual({
      status: 200,
      message: messages.forms.saved,
      data: { form: { ...form, content: expected, lastUpdateDate: expect.stringMatching(ISO_TIME) } },
    });
    expect((await read(cookie, form.id)).json().data.form.content).toEqual(expected);
    const stored = (await storedForm(form.id))!.content;
    expect(stored).toEqual(expected);
    expect(typeof stored['12']).toBe('number');
  });

  it('stores numbers as numbers, whether sent as numbers or text', async () => {
    const { cookie, form } = await professionalWithForm('anamnese-nutricional');
    const content = (await saved(cookie, form.id, { 1: 72.4, 2: '168', 4: ' 5 ', 8: '-0,5' })).content;
    expect(content).toEqual({ 1: 72.4, 2: 168, 4: 5, 8: -0.5 });
    const stored = (await storedForm(form.id))!.content;
    for (const key of ['1', '2', '4', '8']) expect(typeof stored[key], key).toBe('number');
    expect((await saved(cookie, form.id, { 1: limits.numberMax, 2: -limits.numberMax })).content).toEqual({ 1: limits.numberMax, 2: -limits.numberMax });
  });

  it('stores radio answers as the option value, also when a score is sent as a number', async () => {
    const { cookie, form } = await professionalWithForm('phq-9');
    const content = (await saved(cookie, form.id, { 1: 0, 2: '1', 3: 2, 4: '3', 10: 'Muita dificuldade' })).content;
    expect(content).toEqual({ 1: '0', 2: '1', 3: '2', 4: '3', 10: 'Muita dificuldade' });
    expect((await storedForm(form.id))!.content).toEqual({ 1: '0', 2: '1', 3: '2', 4: '3', 10: 'Muita dificuldade' });
  });

  it('drops blank and null answers, and a save replaces the previous answers', async () => {
    const { cookie, form } = await professionalWithForm('anamnese-geral');
    await saved(cookie, form.id, { 1: 'Engenheira', 8: 'Pólen', 12: 7, 13: 'Sim' });
    const content = (await saved(cookie, form.id, { 1: '', 4: '   \n  ', 8: null, 10: ' ', 12: '', 13: 'Não' })).content;
    expect(content).toEqual({ 13: 'Não' });
    expect((await storedForm(form.id))!.content).toEqual({ 13: 'Não' });
    expect((await saved(cookie, form.id, {})).content).toEqual({});
  });

  it('moves lastUpdateDate on every save and keeps creationDate', async () => {
    const { cookie, form } = await professionalWithForm();
    t.clock.advance(120);
    const first = await saved(cookie, form.id, { 1: 'Engenheira' });
    expect(Date.parse(first.lastUpdateDate) - Date.parse(form.lastUpdateDate)).toBeGreaterThanOrEqual(110_000);
    expect(first.creationDate).toBe(form.creationDate);
    t.clock.advance(60);
    const second = await saved(cookie, form.id, { 1: 'Engenheira' });
    expect(Date.parse(second.lastUpdateDate) - Date.parse(first.lastUpdateDate)).toBeGreaterThanOrEqual(55_000);
    expect((await storedForm(form.id))!.updatedAt.toISOString()).toBe(second.lastUpdateDate);
  });

  it('lets the professional save while the form is locked, and keeps it locked', async () => {
    const { cookie, form } = await professionalWithForm();
    expect((await update(cookie, form.id, { isLocked: true })).statusCode).toBe(200);
    const response = await saveContent(cookie, form.id, { content: { 1: 'Engenheira' } });
    expect(response.json()).toMatchObject({ status: 200, message: messages.forms.saved, data: { form: { isLocked: true, content: { 1: 'Engenheira' } } } });
    expect(await storedForm(form.id)).toMatchObject({ isLocked: true, content: { 1: 'Engenheira' } });
  });

  describe('invalid answers', () => {
    let cookie: string;
    let form: Form;
    const previous = { 1: 'Engenheira', 10: '22:30', 12: 7, 13: 'Sim' };
    beforeAll(async () => {
      ({ cookie, form } = await professionalWithForm('anamnese-geral'));
      await saved(cookie, form.id, previous);
    });

    it.each([
      ['an unknown field number', { 99: 'x' }, v.fieldUnknown('99')],
      ['field number 0', { 0: 'x' }, v.fieldUnknown('0')],
      ['a field number with a leading zero', { '01': 'x' }, v.fieldUnknown('01')],
      ['a field key that is a word', { profissao: 'x' }, v.fieldUnknown('profissao')],
      ['a valid answer next to an unknown field', { 1: 'Médica', 99: 'x' }, v.fieldUnknown('99')],
      ['a radio value outside its options', { 13: 'Talvez' }, v.optionInvalid('13')],
      ['a radio value in another case', { 13: 'sim' }, v.optionInvalid('13')],
      ['a radio answer that is an option label of another field', { 14: 'Raramente' }, v.optionInvalid('14')],
      ['a select value outside its options', { 2: 'Casado' }, v.optionInvalid('2')],
      ['a select value as a number', { 15: 1 }, v.optionInvalid('15')],
      ['a number field with letters', { 12: 'abc' }, v.numberInvalid('12')],
      ['a number field with a unit', { 12: '8h' }, v.numberInvalid('12')],
      ['a number field with Infinity', { 12: 'Infinity' }, v.numberInvalid('12')],
      ['a number above the limit', { 12: limits.numberMax + 1 }, v.numberInvalid('12')],
      ['a number below the limit', { 12: -limits.numberMax - 1 }, v.numberInvalid('12')],
      ['the time 24:00', { 10: '24:00' }, v.timeInvalid('10')],
      ['the time 7:30', { 10: '7:30' }, v.timeInvalid('10')],
      ['the time 0730', { 10: '0730' }, v.timeInvalid('10')],
      ['the time 12:60', { 10: '12:60' }, v.timeInvalid('10')],
      ['the time 12:3', { 10: '12:3' }, v.timeInvalid('10')],
      ['the time 12h30', { 10: '12h30' }, v.timeInvalid('10')],
      ['the time 12:30:00', { 11: '12:30:00' }, v.timeInvalid('11')],
      ['a time sent as a number', { 11: 730 }, v.timeInvalid('11')],
      ['a text answer over 500 characters', { 1: short(limits.shortTextMax + 1) }, v.answerTooLong('1', limits.shortTextMax)],
      ['a shorttext answer over 500 characters', { 5: short(limits.shortTextMax + 1) }, v.answerTooLong('5', limits.shortTextMax)],
      ['a string answer over 500 characters', { 8: short(limits.shortTextMax + 1) }, v.answerTooLong('8', limits.shortTextMax)],
      ['a textarea answer over 10000 characters', { 4: short(limits.longTextMax + 1) }, v.answerTooLong('4', limits.longTextMax)],
      ['a longtext answer over 10000 characters', { 6: short(limits.longTextMax + 1) }, v.answerTooLong('6', limits.longTextMax)],
    ])('answers 400 to %s, and keeps the saved content', async (_case, content, message) => {
      const before = await storedForm(form.id);
      const response = await saveContent(cookie, form.id, { content });
      expect(response.json()).toEqual(failure(400, message));
      expect(await storedForm(form.id)).toEqual(before);
      expect(before!.content).toEqual(previous);
    });

    it.each([
      ['an array', [1, 2], v.contentInvalid],
      ['an array of answers', ['Engenheira'], v.contentInvalid],
      ['a string', 'Engenheira', v.contentInvalid],
      ['a number', 42, v.contentInvalid],
      ['null', null, v.contentInvalid],
    ])('answers 400 when the content is %s, and keeps the saved content', async (_case, content, message) => {
      const before = await storedForm(form.id);
      expect((await saveContent(cookie, form.id, { content })).json()).toEqual(failure(400, message));
      expect(await storedForm(form.id)).toEqual(before);
    });

    it('answers 400 when the body has no content, or no body is sent, and keeps the saved content', async () => {
      const before = await storedForm(form.id);
      expect((await saveContent(cookie, form.id, {})).json()).toEqual(failure(400, v.contentInvalid));
      expect((await saveContent(cookie, form.id, { answers: { 1: 'x' } })).json()).toEqual(failure(400, v.contentInvalid));
      expect((await saveContent(cookie, form.id)).statusCode).toBe(400);
      expect((await saveContent(cookie, form.id, [{ content: {} }])).json()).toEqual(failure(400, v.invalidBody));
      expect(await storedForm(form.id)).toEqual(before);
    });

    it('answers 400, never 500, to answers that are not text or numbers, and keeps the saved content', async () => {
      const before = await storedForm(form.id);
      for (const answer of [true, { a: 1 }, ['Sim']]) {
        const response = await saveContent(cookie, form.id, { content: { 13: answer } });
        expect(response.json(), JSON.stringify(answer)).toEqual(failure(400, v.contentInvalid));
      }
      expect(await storedForm(form.id)).toEqual(before);
    });

    it('answers 400, never 500, to text the database cannot store, and keeps the saved content', async () => {
      const before = await storedForm(form.id);
      expect((await saveContent(cookie, form.id, { content: { 1: 'Enge\u0000nheira' } })).json()).toEqual(failure(400, v.invalidBody));
      expect((await saveContent(cookie, form.id, { content: { 4: 'a\u0000b' } })).json()).toEqual(failure(400, v.invalidBody));
      expect(await storedForm(form.id)).toEqual(before);
    });

    it('takes only plain decimals in a number field, not hex, binary or exponents', async () => {
      const before = await storedForm(form.id);
      const numberField = 12; // 'Horas de sono por noite' in the general anamnesis
      for (const answer of ['0x10', '0b101', '1e3', '12abc', 'Infinity']) {
        expect((await saveContent(cookie, form.id, { content: { [numberField]: answer } })).json(), answer).toEqual(
          failure(400, v.numberInvalid(String(numberField))),
        );
      }
      expect(await storedForm(form.id)).toEqual(before);
      const saved = await saveContent(cookie, form.id, { content: { [numberField]: ' 7,5 ' } });
      expect(saved.json().data.form.content[String(numberField)]).toBe(7.5);
    });

    it('names an unknown question without control characters', async () => {
      expect((await saveContent(cookie, form.id, { content: { '1\u0000': 'a' } })).json()).toEqual(failure(400, v.fieldUnknown('1')));
    });

    it('answers 400 to a __proto__ key and keeps the saved content', async () => {
      const before = await storedForm(form.id);
      const response = await call('PUT', `/v1/forms/${form.id}/content`, cookie, '{"content":{"__proto__":{"1":"x"}}}', {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(await storedForm(form.id)).toEqual(before);
    });
  });

  it('accepts times from 00:00 to 23:59', async () => {
    const { cookie, form } = await professionalWithForm('evolucao-sessao');
    for (const time of ['00:00', '07:05', '12:30', '19:59', '23:59']) {
      expect((await saved(cookie, form.id, { 2: time })).content, time).toEqual({ 2: time });
    }
  });

  it("answers 404 for another professional's form and leaves its content unchanged; 400 for a malformed id; 401 without a session", async () => {
    const { cookie, form } = await professionalWithForm();
    await saved(cookie, form.id, { 1: 'Engenheira' });
    const intruder = await newSignedInUser(t);
    const before = await storedForm(form.id);
    expect((await saveContent(intruder.cookie, form.id, { content: { 1: 'Invadido' } })).json()).toEqual(formNotFound);
    expect((await saveContent(intruder.cookie, form.id, { content: { 99: 'x' } })).json()).toEqual(formNotFound);
    expect((await saveContent(intruder.cookie, randomUUID(), { content: {} })).json()).toEqual(formNotFound);
    expect((await saveContent(intruder.cookie, 'abc', { content: {} })).json()).toEqual(idInvalid);
    expect((await saveContent(undefined, form.id, { content: { 1: 'Invadido' } })).json()).toEqual(unauthorized);
    expect(await storedForm(form.id)).toEqual(before);
  });
});

describe('POST /v1/forms/public', () => {
  async function professionalWithDetails() {
    const professional = await newSignedInUser(t, {
      title: 'Dra.',
      gender: 'female',
      firstName: 'Beatriz',
      lastName: 'Campos',
      profession: 'Psicóloga clínica',
      document: '52998224725',
      cc: '+55',
      phone: '21987651234',
      birthdate: '1981-07-09',
      avatarExternalKey: 'avatar-4b1f2c3d-0000-4000-8000-000000000abc.webp',
    });
    const patient = await createPatientViaApi(t, professional.cookie, {
      firstName: 'Carla',
      lastName: 'Mendes',
      email: 'carla.mendes.paciente@example.com',
      phone: '(11) 97654-3210',
      birthdate: '1994-02-17',
      gender: 'female',
    });
    const form = await createdForm(professional.cookie, patient.id, 'phq-9', 'PHQ-9 de abril');
    return { ...professional, patient, form };
  }

  it('answers the form, patient, professional and template a patient may see', async () => {
    const { cookie, form } = await professionalWithDetails();
    await saved(cookie, form.id, { 1: '2', 9: '0' });
    const response = await publicRead({ publicToken: form.publicToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        form: {
          name: 'PHQ-9 de abril',
          content: { 1: '2', 9: '0' },
          isLocked: false,
          lastUpdateDate: expect.stringMatching(ISO_TIME),
          submittedAt: null,
          expiresAt: form.publicExpiresAt,
          crisisSupport: false,
        },
        // The genders only for the words that agree with them ('Obrigada!', 'sozinha').
        patient: { firstName: 'Carla', lastName: 'Mendes', fullName: 'Carla Mendes', gender: 'female' },
        user: { title: 'Dra.', firstName: 'Beatriz', lastName: 'Campos', profession: 'Psicóloga clínica', gender: 'female' },
        qaTemplate: publicTemplate(library['phq-9']),
      },
    });
  });

  it('carries no internal id at any depth: the token is the only identifier', async () => {
    const { form } = await professionalWithDetails();
    const response = await publicRead({ publicToken: form.publicToken });
    const idKeys = ['id', 'patientId', 'userId', 'qaTemplateId', 'ownerId', 'formId'];
    const keysOf = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keysOf)
        : typeof value === 'object' && value !== null
          ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
          : [];
    expect(keysOf(response.json()).filter((key) => idKeys.includes(key))).toEqual([]);
  });

  it("never shows the professional's or patient's private data, ids or the form's token", async () => {
    const { user, form, patient } = await professionalWithDetails();
    const response = await publicRead({ publicToken: form.publicToken });
    expect(response.statusCode).toBe(200);
    const raw = response.body.toLowerCase();
    const secrets = {
      'user id': user.id,
      'user e-mail': user.email,
      username: user.username,
      CPF: '52998224725',
      'formatted CPF': '529.982.247-25',
      'user phone': '21987651234',
      'user birthdate': '1981-07-09',
      'user avatar': 'avatar-4b1f2c3d',
      'password hash': user.passwordHash,
      'patient id': patient.id,
      'patient e-mail': 'carla.mendes.paciente@example.com',
      'patient phone': '11976543210',
      'patient birthdate': '1994-02-17',
      'form id': form.id,
      'public token': form.publicToken,
    };
    for (const [what, value] of Object.entries(secrets)) expect(raw, what).not.toContain(value.toLowerCase());
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual(['form', 'patient', 'qaTemplate', 'user']);
    expect(Object.keys(data.form).sort()).toEqual(['content', 'crisisSupport', 'expiresAt', 'isLocked', 'lastUpdateDate', 'name', 'submittedAt']);
    expect(Object.keys(data.patient).sort()).toEqual(['firstName', 'fullName', 'gender', 'lastName']);
    expect(Object.keys(data.user).sort()).toEqual(['firstName', 'gender', 'lastName', 'profession', 'title']);
  });

  it('answers null for what the professional and patient left empty', async () => {
    const { user, cookie } = await newSignedInUser(t, { title: null, lastName: null, profession: null });
    const patient = await createPatientViaApi(t, cookie, { firstName: 'Carla', lastName: null });
    const form = await createdForm(cookie, patient.id, 'gad-7');
    const data = (await publicRead({ publicToken: form.publicToken })).json().data;
    expect(data.patient).toEqual({ firstName: 'Carla', lastName: null, fullName: 'Carla', gender: null });
    expect(data.user).toEqual({ title: null, firstName: user.firstName, lastName: null, profession: null, gender: null });
  });

  it('answers a locked form too, saying it is locked', async () => {
    const { cookie, form } = await professionalWithForm();
    await saved(cookie, form.id, { 1: 'Engenheira' });
    await update(cookie, form.id, { isLocked: true });
    expect((await publicRead({ publicToken: form.publicToken })).json().data.form).toMatchObject({ isLocked: true, content: { 1: 'Engenheira' } });
  });

  it('needs no session, and a session of another professional changes nothing', async () => {
    const { form } = await professionalWithForm();
    const other = await newSignedInUser(t);
    const anonymous = await publicRead({ publicToken: form.publicToken });
    expect(anonymous.statusCode).toBe(200);
    const withOtherSession = await publicRead({ publicToken: form.publicToken }, { cookie: other.cookie });
    const withForgedSession = await publicRead({ publicToken: form.publicToken }, { cookie: 'sid=forged' });
    expect(withOtherSession.json()).toEqual(anonymous.json());
    expect(withForgedSession.json()).toEqual(anonymous.json());
  });

  it('finds the form by its token with surrounding spaces trimmed', async () => {
    const { form } = await professionalWithForm();
    expect((await publicRead({ publicToken: `  ${form.publicToken}  ` })).statusCode).toBe(200);
  });

  it('answers 404 to an unknown token and to a token of another form with a changed letter', async () => {
    const { form } = await professionalWithForm();
    expect((await publicRead({ publicToken: 'x'.repeat(32) })).json()).toEqual(formNotFound);
    const last = form.publicToken.at(-1) === 'A' ? 'B' : 'A';
    expect((await publicRead({ publicToken: `${form.publicToken.slice(0, -1)}${last}` })).json()).toEqual(formNotFound);
    expect((await publicRead({ publicToken: `${form.publicToken}x` })).json()).toEqual(formNotFound);
    expect((await publicRead({ publicToken: form.id })).json()).toEqual(formNotFound);
  });

  it.each([
    ['empty', { publicToken: '' }],
    ['blank', { publicToken: '   ' }],
    ['missing', {}],
    ['null', { publicToken: null }],
    ['a number', { publicToken: 12345 }],
    ['too long', { publicToken: 'x'.repeat(201) }],
  ])('answers 400 when the token is %s', async (_case, body) => {
    expect((await publicRead(body)).json()).toEqual(failure(400, e.formNotFound));
  });

  it('answers 400 to a body that is not an object or no body at all', async () => {
    expect((await publicRead(['token'])).statusCode).toBe(400);
    expect((await publicRead(undefined)).statusCode).toBe(400);
  });
});

describe('PUT /v1/forms/public/content', () => {
  it('saves valid answers without a session and the professional sees them', async () => {
    const { cookie, form } = await professionalWithForm('phq-9');
    t.clock.advance(30);
    const response = await publicSave({ publicToken: form.publicToken, content: { 1: '3', 2: 1, 9: '0', 10: 'Alguma dificuldade', 5: null, 6: '' } });
    expect(response.json()).toEqual({
      status: 200,
      message: messages.publicForm.saved,
      data: {
        form: {
          name: form.name,
          content: { 1: '3', 2: '1', 9: '0', 10: 'Alguma dificuldade' },
          isLocked: false,
          lastUpdateDate: expect.stringMatching(ISO_TIME),
          submittedAt: null,
          expiresAt: form.publicExpiresAt,
          crisisSupport: false,
        },
      },
    });
    expect(response.body).not.toContain(form.id);
    expect(response.body).not.toContain(form.publicToken);
    expect(response.body).not.toContain(form.patientId);
    expect(Date.parse(response.json().data.form.lastUpdateDate) - Date.parse(form.lastUpdateDate)).toBeGreaterThanOrEqual(25_000);
    const seen = (await read(cookie, form.id)).json().data.form as Form;
    expect(seen.content).toEqual({ 1: '3', 2: '1', 9: '0', 10: 'Alguma dificuldade' });
    expect(seen.lastUpdateDate).toBe(response.json().data.form.lastUpdateDate);
  });

  it('saves every field type the way the private call does', async () => {
    const { form } = await professionalWithForm('anamnese-geral');
    const response = await publicSave({
      publicToken: form.publicToken,
      content: { 1: ' Professora\n de música ', 4: ' Ansiedade\nInsônia ', 10: '23:15', 12: '6,5', 13: 'Não', 15: 'Semanalmente' },
    });
    expect(response.statusCode).toBe(200);
    expect((await storedForm(form.id))!.content).toEqual({
      1: 'Professora de música',
      4: 'Ansiedade\nInsônia',
      10: '23:15',
      12: 6.5,
      13: 'Não',
      15: 'Semanalmente',
    });
  });

  it('needs no session, and a session of another professional changes nothing', async () => {
    const { form } = await professionalWithForm();
    const other = await newSignedInUser(t);
    const response = await publicSave({ publicToken: form.publicToken, content: { 1: 'Artista' } }, { cookie: other.cookie });
    expect(response.statusCode).toBe(200);
    expect((await storedForm(form.id))!.content).toEqual({ 1: 'Artista' });
    expect(await formCount(other.user.id)).toBe(0);
  });

  it('cannot rename, unlock or move the form through extra fields', async () => {
    const { cookie, form } = await professionalWithForm();
    const response = await publicSave({ publicToken: form.publicToken, content: { 1: 'Artista' }, name: 'Trocado', isLocked: true, id: randomUUID() });
    expect(response.statusCode).toBe(200);
    expect(await storedForm(form.id)).toMatchObject({ name: form.name, isLocked: false, content: { 1: 'Artista' } });

    await update(cookie, form.id, { isLocked: true });
    expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'Outra' }, isLocked: false })).json()).toEqual(formLocked);
    expect(await storedForm(form.id)).toMatchObject({ isLocked: true, content: { 1: 'Artista' } });
  });

  describe('invalid answers', () => {
    let form: Form;
    const previous = { 1: 'Engenheira', 10: '22:30', 12: 7, 13: 'Sim' };
    beforeAll(async () => {
      const created = await professionalWithForm('anamnese-geral');
      form = created.form;
      await saved(created.cookie, form.id, previous);
    });

    it.each([
      ['an unknown field number', { 99: 'x' }, v.fieldUnknown('99')],
      ['a radio value outside its options', { 13: 'Talvez' }, v.optionInvalid('13')],
      ['a select value outside its options', { 2: 'Casado' }, v.optionInvalid('2')],
      ['a number field with letters', { 12: 'abc' }, v.numberInvalid('12')],
      ['the time 24:00', { 10: '24:00' }, v.timeInvalid('10')],
      ['the time 7:30', { 10: '7:30' }, v.timeInvalid('10')],
      ['the time 0730', { 10: '0730' }, v.timeInvalid('10')],
      ['the time 12:60', { 10: '12:60' }, v.timeInvalid('10')],
      ['a shorttext answer over 500 characters', { 5: 'c'.repeat(limits.shortTextMax + 1) }, v.answerTooLong('5', limits.shortTextMax)],
      ['a longtext answer over 10000 characters', { 6: 'c'.repeat(limits.longTextMax + 1) }, v.answerTooLong('6', limits.longTextMax)],
    ])('answers 400 to %s, and nothing is lost', async (_case, content, message) => {
      const before = await storedForm(form.id);
      expect((await publicSave({ publicToken: form.publicToken, content })).json()).toEqual(failure(400, message));
      expect(await storedForm(form.id)).toEqual(before);
      expect(before!.content).toEqual(previous);
    });

    it('answers 400 to content that is not an object or is missing, and nothing is lost', async () => {
      const before = await storedForm(form.id);
      for (const content of [[1], 'Engenheira', null, 7]) {
        expect((await publicSave({ publicToken: form.publicToken, content })).json(), JSON.stringify(content)).toEqual(failure(400, v.contentInvalid));
      }
      expect((await publicSave({ publicToken: form.publicToken })).json()).toEqual(failure(400, v.contentInvalid));
      expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'a\u0000b' } })).json()).toEqual(failure(400, v.invalidBody));
      expect(await storedForm(form.id)).toEqual(before);
    });
  });

  it('answers 423 while the form is locked, keeping the content; unlocking allows saving again', async () => {
    const { cookie, form } = await professionalWithForm();
    await saved(cookie, form.id, { 1: 'Engenheira' });
    expect((await update(cookie, form.id, { isLocked: true })).statusCode).toBe(200);
    const before = await storedForm(form.id);

    expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'Trocado' } })).json()).toEqual(formLocked);
    expect((await publicSave({ publicToken: form.publicToken, content: {} })).json()).toEqual(formLocked);
    expect(await storedForm(form.id)).toEqual(before);

    expect((await update(cookie, form.id, { isLocked: false })).statusCode).toBe(200);
    const response = await publicSave({ publicToken: form.publicToken, content: { 1: 'Trocado' } });
    expect(response.json()).toMatchObject({ status: 200, data: { form: { content: { 1: 'Trocado' }, isLocked: false } } });
    expect((await storedForm(form.id))!.content).toEqual({ 1: 'Trocado' });
  });

  it('answers 404 to an unknown token and 400 to an empty one', async () => {
    expect((await publicSave({ publicToken: 'z'.repeat(32), content: { 1: 'x' } })).json()).toEqual(formNotFound);
    expect((await publicSave({ publicToken: '', content: { 1: 'x' } })).json()).toEqual(failure(400, e.formNotFound));
    expect((await publicSave({ content: { 1: 'x' } })).json()).toEqual(failure(400, e.formNotFound));
  });
});

describe('public form rate limit', () => {
  it(`answers 429 beyond ${limits.publicFormCallsPerMinute} calls a minute from one address, to that address only`, async () => {
    const { form } = await professionalWithForm();
    const ip = '203.0.113.7';
    const limit = limits.publicFormCallsPerMinute;
    // Reads, saves and unknown tokens all count.
    for (let i = 0; i < limit; i++) {
      const response =
        i % 3 === 0
          ? await publicRead({ publicToken: form.publicToken }, { ip })
          : i % 3 === 1
            ? await publicSave({ publicToken: form.publicToken, content: { 1: `Resposta ${i}` } }, { ip })
            : await publicRead({ publicToken: 'desconhecido-0000000000' }, { ip });
      expect(response.statusCode, `call ${i + 1}`).toBe(i % 3 === 2 ? 404 : 200);
    }
    const before = await storedForm(form.id);

    expect((await publicRead({ publicToken: form.publicToken }, { ip })).json()).toEqual(failure(429, e.tooManyRequests));
    expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'Bloqueado' } }, { ip })).json()).toEqual(
      failure(429, e.tooManyRequests),
    );
    // A forwarded-for header does not make another address: the server trusts no proxy by default.
    expect(
      (await publicRead({ publicToken: form.publicToken }, { ip, headers: { 'x-forwarded-for': '198.51.100.99' } })).json(),
    ).toEqual(failure(429, e.tooManyRequests));
    expect(await storedForm(form.id)).toEqual(before);

    // Another address is unaffected.
    expect((await publicRead({ publicToken: form.publicToken }, { ip: '203.0.113.8' })).statusCode).toBe(200);
    expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'Outro endereço' } }, { ip: '203.0.113.8' })).statusCode).toBe(200);

    // TestClock.advance takes seconds: a minute later the address may call again.
    t.clock.advance(61);
    expect((await publicRead({ publicToken: form.publicToken }, { ip })).statusCode).toBe(200);
    expect((await publicSave({ publicToken: form.publicToken, content: { 1: 'De novo' } }, { ip })).statusCode).toBe(200);
    expect((await storedForm(form.id))!.content).toEqual({ 1: 'De novo' });
  });

  it("does not limit the professional's own calls", async () => {
    const { cookie, form } = await professionalWithForm();
    for (let i = 0; i <= limits.publicFormCallsPerMinute + 5; i++) {
      const response = await read(cookie, form.id);
      expect(response.statusCode, `call ${i + 1}`).toBe(200);
    }
  });
});

describe('deleting the patient', () => {
  it('deletes their forms with them and leaves no row pointing at the patient', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const doomed = await createPatientViaApi(t, cookie, { firstName: 'Ana', lastName: 'Apagada' });
    const kept = await createPatientViaApi(t, cookie, { firstName: 'Bia', lastName: 'Mantida' });
    const doomedForms = [await createdForm(cookie, doomed.id, 'phq-9'), await createdForm(cookie, doomed.id, 'anamnese-geral')];
    await saved(cookie, doomedForms[0]!.id, { 1: '2' });
    const keptForm = await createdForm(cookie, kept.id, 'gad-7');

    const tables = await tablesWithPatientId(t.database.db);
    expect(tables).toContain('forms');
    expect(await rowsReferencing(t.database.db, 'forms', doomed.id)).toBe(2);

    expect((await call('DELETE', `/v1/patients/${doomed.id}`, cookie)).statusCode).toBe(200);

    for (const form of doomedForms) {
      expect((await read(cookie, form.id)).json()).toEqual(formNotFound);
      expect((await publicRead({ publicToken: form.publicToken })).json()).toEqual(formNotFound);
      expect((await publicSave({ publicToken: form.publicToken, content: {} })).json()).toEqual(formNotFound);
      expect(await storedForm(form.id)).toBeUndefined();
    }
    for (const table of tables) expect(await rowsReferencing(t.database.db, table, doomed.id), table).toBe(0);
    expect((await list(cookie, doomed.id)).json()).toEqual(patientNotFound);

    expect((await read(cookie, keptForm.id)).statusCode).toBe(200);
    expect((await publicRead({ publicToken: keptForm.publicToken })).statusCode).toBe(200);
    expect(await formCount(user.id)).toBe(1);
  });
});

describe('GET /v1/users/me/stats', () => {
  it("counts only the professional's forms", async () => {
    const one = await newSignedInUser(t);
    const two = await newSignedInUser(t);
    const three = await newSignedInUser(t);
    const onePatients = [await createPatientViaApi(t, one.cookie), await createPatientViaApi(t, one.cookie)];
    const twoPatient = await createPatientViaApi(t, two.cookie);
    const oneForms = [
      await createdForm(one.cookie, onePatients[0]!.id, 'phq-9'),
      await createdForm(one.cookie, onePatients[0]!.id, 'gad-7'),
      await createdForm(one.cookie, onePatients[1]!.id, 'anamnese-geral'),
    ];
    await createdForm(two.cookie, twoPatient.id, 'evolucao-sessao');

    const counts = async (cookie: string): Promise<{ status: number; data: { stats: UserStats } }> => (await stats(cookie)).json();
    expect(await counts(one.cookie)).toEqual({ status: 200, data: { stats: { patients: 2, forms: 3, records: 0, chats: 0 } } });
    expect(await counts(two.cookie)).toEqual({ status: 200, data: { stats: { patients: 1, forms: 1, records: 0, chats: 0 } } });
    expect(await counts(three.cookie)).toEqual({ status: 200, data: { stats: { patients: 0, forms: 0, records: 0, chats: 0 } } });

    await remove(one.cookie, oneForms[0]!.id);
    expect((await counts(one.cookie)).data.stats.forms).toBe(2);
    await call('DELETE', `/v1/patients/${onePatients[1]!.id}`, one.cookie);
    expect((await counts(one.cookie)).data.stats).toEqual({ patients: 1, forms: 1, records: 0, chats: 0 });
    expect((await counts(two.cookie)).data.stats.forms).toBe(1);
  });
});

