import { randomUUID } from 'node:crypto';
import { limits, messages, type ClinicalRecord, type RecordAttachment } from '@consultorio/shared';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, recordAttachments, records } from '../src/db/schema';
import { rowsReferencing, tablesWithPatientId } from './helpers/orphans';
import { createTestApp, type TestApp } from './helpers/build-app';
import { fileRow, fileRowCount, storedFiles } from './helpers/stored-files';
import { newPatient } from './factories/patients';
import { createRecordViaApi, newRecord } from './factories/records';
import { newSignedInUser } from './factories/users';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
});
afterAll(async () => {
  await t.close();
});

const v = messages.validation;
const e = messages.errors;
const r = messages.records;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ATTACHMENT_KEY = /^att-[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const unauthorized = failure(401, e.unauthorized);
const patientNotFound = failure(404, e.patientNotFound);
const recordNotFound = failure(404, e.recordNotFound);
const attachmentNotFound = failure(404, e.attachmentNotFound);
const fileNotFound = failure(404, e.notFound);
const idInvalid = failure(400, v.idInvalid);

const TINY_PNG_DATA_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

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

const create = (cookie: string | undefined, patientId: string, payload?: unknown) => call('POST', `/v1/patients/${patientId}/records`, cookie, payload);
const list = (cookie: string | undefined, patientId: string) => call('GET', `/v1/patients/${patientId}/records`, cookie);
const read = (cookie: string | undefined, id: string) => call('GET', `/v1/records/${id}`, cookie);
const rename = (cookie: string | undefined, id: string, payload?: unknown) => call('PUT', `/v1/records/${id}`, cookie, payload);
const remove = (cookie: string | undefined, id: string) => call('DELETE', `/v1/records/${id}`, cookie);
/** Saves content; the record's current version is added when the payload gives none (versions are tested in records-history). */
async function saveContent(cookie: string | undefined, id: string, payload?: unknown) {
  const isPlainObject = typeof payload === 'object' && payload !== null && !Array.isArray(payload) && !('version' in payload);
  const isId = /^[0-9a-f-]{36}$/.test(id);
  const [stored] = isPlainObject && isId ? await t.database.db.select({ version: records.version }).from(records).where(eq(records.id, id)) : [];
  return call('PUT', `/v1/records/${id}/content`, cookie, isPlainObject ? { ...payload, version: stored?.version ?? 1 } : payload);
}
const upload = (cookie: string | undefined, id: string, payload: FormData | object | string, headers?: Record<string, string>) =>
  call('POST', `/v1/records/${id}/attachments`, cookie, payload, headers);
const removeAttachment = (cookie: string | undefined, id: string) => call('DELETE', `/v1/records/attachments/${id}`, cookie);
const getFile = (cookie: string | undefined, key: string) => call('GET', `/v1/files/${encodeURIComponent(key)}`, cookie);
const stats = (cookie: string) => call('GET', '/v1/users/me/stats', cookie);

type Part = [bytes: Buffer | string, filename: string, type?: string];

/** A multipart body with every part as a file of the `files` field (or of `field`). */
function filesForm(parts: Part[], field = 'files'): FormData {
  const body = new FormData();
  for (const [bytes, filename, type] of parts) body.append(field, new File([bytes], filename, { type: type ?? 'application/octet-stream' }));
  return body;
}

/** Uploads the files to the record and returns the answer's full list of attachments. */
async function attach(cookie: string, recordId: string, parts: Part[]): Promise<RecordAttachment[]> {
  const response = await upload(cookie, recordId, filesForm(parts));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.recordsAttachments as RecordAttachment[];
}

async function contentOf(cookie: string, recordId: string, html: string): Promise<string> {
  const response = await saveContent(cookie, recordId, { content: html });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.record as ClinicalRecord).content;
}

// ---------------------------------------------------------------------------------------------
// Database and disk

async function storedRecord(id: string) {
  const [row] = await t.database.db.select().from(records).where(eq(records.id, id));
  return row;
}

async function attachmentRows(recordId: string) {
  return t.database.db.select().from(recordAttachments).where(eq(recordAttachments.recordId, recordId));
}

/** What an upload may change: the record's attachment rows, the files rows and the files on disk. */
async function snapshot(recordId: string) {
  return { attachments: await attachmentRows(recordId), fileRows: await fileRowCount(t), onDisk: await storedFiles(t) };
}

/** A signed-in professional with a patient and a record of that patient. */
async function setup() {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Oliveira' });
  const record = await newRecord(t, { owner: user, patient, name: 'Consulta inicial' });
  return { user, cookie, patient, record };
}

// ---------------------------------------------------------------------------------------------

describe('POST /v1/patients/:id/records', () => {
  it('creates an empty record and answers 201 with data.record and the message', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const response = await create(cookie, patient.id, { name: '  Primeira consulta  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: 201,
      message: r.created,
      data: {
        record: {
          id: expect.stringMatching(UUID),
          name: 'Primeira consulta',
          patientId: patient.id,
          content: '',
          creationDate: expect.stringMatching(ISO_TIME),
          lastUpdateDate: null,
          createdAt: expect.stringMatching(ISO_TIME),
          aiAssistantName: null,
          version: 1,
          finalizedAt: null,
          contentSha256: null,
          appointmentId: null,
          sessionDate: null,
        },
      },
    });
    const record = body.data.record as ClinicalRecord;
    expect(record.creationDate).toBe(record.createdAt);
    expect(await storedRecord(record.id)).toMatchObject({ ownerId: user.id, patientId: patient.id, name: 'Primeira consulta', content: '' });
  });

  it('requires a name', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    for (const payload of [{ name: '' }, { name: '   ' }, {}, { name: null }]) {
      expect((await create(cookie, patient.id, payload)).json(), JSON.stringify(payload)).toEqual(failure(400, v.nameRequired));
    }
    expect((await create(cookie, patient.id, { name: 'x'.repeat(limits.itemNameMax + 1) })).json()).toEqual(
      failure(400, v.tooLong(limits.itemNameMax)),
    );
    expect((await list(cookie, patient.id)).json().data.records).toEqual([]);
  });

  it("answers 404 for another professional's patient and an unknown one, 400 for a malformed id", async () => {
    const owner = await newSignedInUser(t);
    const stranger = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: owner.user });
    expect((await create(stranger.cookie, patient.id, { name: 'Intruso' })).json()).toEqual(patientNotFound);
    expect((await create(owner.cookie, randomUUID(), { name: 'Nada' })).json()).toEqual(patientNotFound);
    expect((await create(owner.cookie, 'abc', { name: 'Nada' })).json()).toEqual(idInvalid);
    const [row] = await t.database.db.select({ n: count() }).from(records).where(eq(records.patientId, patient.id));
    expect(row!.n).toBe(0);
  });
});

describe('GET /v1/patients/:id/records', () => {
  it('lists the patient records newest first, with the patient', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user, firstName: 'Maria', lastName: 'Oliveira' });
    const other = await newPatient(t, { owner: user });
    const first = await createRecordViaApi(t, cookie, patient.id, 'Primeira');
    t.clock.advance(60);
    const second = await createRecordViaApi(t, cookie, patient.id, 'Segunda');
    t.clock.advance(60);
    const third = await createRecordViaApi(t, cookie, patient.id, 'Terceira');
    await createRecordViaApi(t, cookie, other.id, 'De outro paciente');

    const response = await list(cookie, patient.id);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        records: [third, second, first],
        patient: { id: patient.id, firstName: 'Maria', lastName: 'Oliveira', fullName: 'Maria Oliveira' },
      },
    });
  });

  it('answers an empty list for a patient without records', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    expect((await list(cookie, patient.id)).json().data.records).toEqual([]);
  });

  it("answers 404 for another professional's patient and 400 for a malformed id", async () => {
    const { patient } = await setup();
    const stranger = await newSignedInUser(t);
    expect((await list(stranger.cookie, patient.id)).json()).toEqual(patientNotFound);
    expect((await list(stranger.cookie, 'abc')).json()).toEqual(idInvalid);
  });
});

describe('GET /v1/records/:id', () => {
  it('answers the record, its attachments (none) and the patient', async () => {
    const { cookie, patient, record } = await setup();
    const response = await read(cookie, record.id);
    expect(response.json()).toEqual({
      status: 200,
      data: {
        record: {
          id: record.id,
          name: 'Consulta inicial',
          patientId: patient.id,
          content: '',
          creationDate: record.createdAt.toISOString(),
          lastUpdateDate: null,
          createdAt: record.createdAt.toISOString(),
          aiAssistantName: null,
          version: 1,
          finalizedAt: null,
          contentSha256: null,
          appointmentId: null,
          sessionDate: null,
        },
        recordsAttachments: [],
        patient: { id: patient.id, firstName: 'Maria', lastName: 'Oliveira', fullName: 'Maria Oliveira' },
        recordAddenda: [],
      },
    });
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await read(cookie, 'abc')).json()).toEqual(idInvalid);
    expect((await read(cookie, randomUUID())).json()).toEqual(recordNotFound);
  });
});

describe('PUT /v1/records/:id', () => {
  it('renames the record, keeps its content and sets lastUpdateDate', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>Texto</p>');
    t.clock.advance(120);
    const before = Date.now();
    const response = await rename(cookie, record.id, { name: '  Retorno  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 200, message: r.updated, data: { record: { id: record.id, name: 'Retorno', content: '<p>Texto</p>' } } });
    const updated = body.data.record as ClinicalRecord;
    expect(updated.lastUpdateDate).toMatch(ISO_TIME);
    expect(Date.parse(updated.lastUpdateDate!)).toBeGreaterThanOrEqual(before + 119_000);
    expect((await read(cookie, record.id)).json().data.record).toEqual(updated);
  });

  it('requires a name and keeps the old one', async () => {
    const { cookie, record } = await setup();
    expect((await rename(cookie, record.id, { name: ' ' })).json()).toEqual(failure(400, v.nameRequired));
    expect((await rename(cookie, record.id, {})).json()).toEqual(failure(400, v.nameRequired));
    expect(await storedRecord(record.id)).toEqual(record);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await rename(cookie, 'abc', { name: 'Novo' })).json()).toEqual(idInvalid);
    expect((await rename(cookie, randomUUID(), { name: 'Novo' })).json()).toEqual(recordNotFound);
  });
});

describe('DELETE /v1/records/:id', () => {
  it('deletes the record; it then answers 404 everywhere', async () => {
    const { cookie, patient, record } = await setup();
    const response = await remove(cookie, record.id);
    expect(response.json()).toEqual({ status: 200, data: null, message: r.deleted });
    expect(await storedRecord(record.id)).toBeUndefined();
    expect((await read(cookie, record.id)).json()).toEqual(recordNotFound);
    expect((await rename(cookie, record.id, { name: 'Novo' })).json()).toEqual(recordNotFound);
    expect((await saveContent(cookie, record.id, { content: '<p>x</p>' })).json()).toEqual(recordNotFound);
    expect((await upload(cookie, record.id, filesForm([['x', 'a.txt']]))).json()).toEqual(recordNotFound);
    expect((await remove(cookie, record.id)).json()).toEqual(recordNotFound);
    expect((await list(cookie, patient.id)).json().data.records).toEqual([]);
  });

  it('answers 400 to a malformed id', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await remove(cookie, 'not-a-uuid')).json()).toEqual(idInvalid);
  });
});

describe('PUT /v1/records/:id/content', () => {
  it('saves the content and answers the record; lastUpdateDate changes on every save', async () => {
    const { cookie, record } = await setup();
    const first = await saveContent(cookie, record.id, { content: '<h1>Anamnese</h1><p>Queixa <strong>principal</strong></p>' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 200,
      message: r.saved,
      data: { record: { id: record.id, name: 'Consulta inicial', content: '<h1>Anamnese</h1><p>Queixa <strong>principal</strong></p>' } },
    });
    const firstDate = first.json().data.record.lastUpdateDate as string;
    expect(firstDate).toMatch(ISO_TIME);

    t.clock.advance(30);
    const second = await saveContent(cookie, record.id, { content: '<p>Evolução</p>' });
    const secondDate = second.json().data.record.lastUpdateDate as string;
    expect(Date.parse(secondDate) - Date.parse(firstDate)).toBeGreaterThanOrEqual(30_000);

    t.clock.advance(30);
    const third = await saveContent(cookie, record.id, { content: '<p>Evolução</p>' });
    expect(Date.parse(third.json().data.record.lastUpdateDate as string) - Date.parse(secondDate)).toBeGreaterThanOrEqual(30_000);

    const stored = await storedRecord(record.id);
    expect(stored!.content).toBe('<p>Evolução</p>');
    expect((await read(cookie, record.id)).json().data.record).toEqual(third.json().data.record);
    // The creation date never moves.
    expect(third.json().data.record.createdAt).toBe(record.createdAt.toISOString());
  });

  it('accepts an empty content', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>Algo</p>');
    expect(await contentOf(cookie, record.id, '')).toBe('');
  });

  describe('sanitizing', () => {
    let cookie: string;
    let recordId: string;
    beforeAll(async () => {
      const made = await setup();
      cookie = made.cookie;
      recordId = made.record.id;
    });

    const removed: [string, string, string][] = [
      ['a script', '<p>Olá</p><script>alert(1)</script>', '<p>Olá</p>'],
      ['a script inside a paragraph', '<p>a<script>document.cookie</script>b</p>', '<p>ab</p>'],
      ['onerror on an image', `<img src="${TINY_PNG_DATA_URI}" onerror="alert(1)" />`, `<img src="${TINY_PNG_DATA_URI}" />`],
      ['onclick and onmouseover', '<p onclick="alert(1)" onmouseover="alert(2)">texto</p>', '<p>texto</p>'],
      ['onload on a heading', '<h2 onload="alert(1)">Título</h2>', '<h2>Título</h2>'],
      [
        'a javascript: link',
        '<a href="javascript:alert(1)">clique</a>',
        '<a target="_blank" rel="noopener noreferrer">clique</a>',
      ],
      [
        'a javascript: link in disguise',
        '<a href=" JaVaScRiPt:alert(1)">clique</a>',
        '<a target="_blank" rel="noopener noreferrer">clique</a>',
      ],
      ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
      ['a style attribute', '<p style="background:url(javascript:alert(1))">texto</p>', '<p>texto</p>'],
      ['a style tag', '<style>body{display:none}</style><p>texto</p>', '<p>texto</p>'],
      ['an iframe', '<p>a</p><iframe src="https://evil.example"></iframe>', '<p>a</p>'],
      ['an svg', '<p>a</p><svg onload="alert(1)"><circle r="4"></circle></svg>', '<p>a</p>'],
      ['an svg with a script inside', '<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
      ['an image with an svg data URI', '<p>a</p><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" />', '<p>a</p>'],
      ['an image with an external URL', '<p>a</p><img src="https://tracker.example/pixel.png" />', '<p>a</p>'],
      ['an image with a protocol-relative URL', '<p>a</p><img src="//tracker.example/pixel.png" />', '<p>a</p>'],
      ['an image with a javascript: URL', '<p>a</p><img src="javascript:alert(1)" />', '<p>a</p>'],
      ['an image without src', '<p>a</p><img alt="x" />', '<p>a</p>'],
      ['an image pointing outside our files', '<p>a</p><img src="/v1/files/../../etc/passwd" />', '<p>a</p>'],
      ['a class that is not the editor’s', '<div class="evil ql-code-block">x</div>', '<div class="ql-code-block">x</div>'],
      ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf" /><p>a</p>', '<p>a</p>'],
      ['a form with an input', '<form action="https://evil.example"><input name="x" /></form><p>a</p>', '<p>a</p>'],
      ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example" /><p>a</p>', '<p>a</p>'],
    ];

    it.each(removed)('removes %s', async (_what, html, expected) => {
      expect(await contentOf(cookie, recordId, html)).toBe(expected);
    });

    const kept: [string, string][] = [
      ['headers 1 to 3', '<h1>Um</h1><h2>Dois</h2><h3>Três</h3>'],
      ['bold, italic, underline and strike', '<p><strong>n</strong> <em>i</em> <u>s</u> <s>r</s></p>'],
      ['ordered and bullet lists with data-list', '<ol><li data-list="ordered">um</li><li data-list="bullet">dois</li></ol><ul><li>três</li></ul>'],
      ['an https link', '<p><a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">site</a></p>'],
      ['an http link', '<p><a href="http://example.com" target="_blank" rel="noopener noreferrer">site</a></p>'],
      ['a mailto link', '<p><a href="mailto:ana@example.com" target="_blank" rel="noopener noreferrer">e-mail</a></p>'],
      ['a png data URI image', `<p><img src="${TINY_PNG_DATA_URI}" /></p>`],
      ['a gif data URI image', '<p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" /></p>'],
      ['a jpeg data URI image', '<p><img src="data:image/jpeg;base64,/9j/4AAQSkZJRg==" /></p>'],
      ['a bmp data URI image', '<p><img src="data:image/bmp;base64,Qk0eAAAAAAAAABoAAAA=" /></p>'],
      ['an x-icon data URI image', '<p><img src="data:image/x-icon;base64,AAABAAEAAQEAAAEAIAAw" /></p>'],
      ['an image of our own files with alt', '<p><img src="/v1/files/att-0b8f7c2e-1d2a-4c3b-9e8f-123456789abc.png" alt="exame" /></p>'],
      [
        'a code block',
        '<div class="ql-code-block-container"><div class="ql-code-block">const a = 1;</div><div class="ql-code-block">a &lt; 2</div></div>',
      ],
      ['line breaks and empty paragraphs', '<p>um<br />dois</p><p><br /></p>'],
    ];

    it.each(kept)('keeps %s', async (_what, html) => {
      expect(await contentOf(cookie, recordId, html)).toBe(html);
    });

    it('adds target and rel to links', async () => {
      expect(await contentOf(cookie, recordId, '<a href="https://example.com">x</a>')).toBe(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
      );
    });

    it('stores exactly what it answers', async () => {
      const answered = await contentOf(cookie, recordId, '<p onclick="x()">a</p><script>b</script>');
      expect(answered).toBe('<p>a</p>');
      expect((await storedRecord(recordId))!.content).toBe('<p>a</p>');
    });
  });

  it('answers 400 when the content is not a string and keeps what was saved', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>Salvo</p>');
    const saved = await storedRecord(record.id);
    t.clock.advance(10);
    for (const payload of [{ content: 42 }, { content: null }, { content: ['<p>x</p>'] }, { content: { html: '<p>x</p>' } }, {}]) {
      expect((await saveContent(cookie, record.id, payload)).json(), JSON.stringify(payload)).toEqual(failure(400, v.recordContentInvalid));
    }
    const broken = await call('PUT', `/v1/records/${record.id}/content`, cookie, '{"content": ', { 'content-type': 'application/json' });
    expect(broken.json()).toEqual(failure(400, e.invalidJson));
    expect(await storedRecord(record.id)).toEqual(saved);
  });

  it('answers 400 to a content over the limit of characters and keeps what was saved', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>Salvo</p>');
    const saved = await storedRecord(record.id);
    // One character over the limit, well within the body limit: the schema answers.
    const content = `<p>${'a'.repeat(limits.recordContentMaxChars - 6)}</p>`;
    expect(content.length).toBe(limits.recordContentMaxChars + 1);
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeLessThan(limits.recordContentBodyBytes);
    expect((await saveContent(cookie, record.id, { content })).json()).toEqual(failure(400, v.recordContentTooLong));
    expect(await storedRecord(record.id)).toEqual(saved);
  });

  it('answers 413 to a body over the limit of bytes and keeps what was saved', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>Salvo</p>');
    const saved = await storedRecord(record.id);
    // Fewer characters than the limit, but two bytes each: more bytes than the body may have.
    const content = 'ç'.repeat(limits.recordContentBodyBytes / 2 + 10);
    expect(content.length).toBeLessThan(limits.recordContentMaxChars);
    expect((await saveContent(cookie, record.id, { content })).json()).toEqual(failure(413, e.bodyTooLarge));
    expect(await storedRecord(record.id)).toEqual(saved);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await saveContent(cookie, 'abc', { content: '' })).json()).toEqual(idInvalid);
    expect((await saveContent(cookie, randomUUID(), { content: '' })).json()).toEqual(recordNotFound);
  });
});

describe('POST /v1/records/:id/attachments', () => {
  it('stores the files and answers 201 with the full list and the message', async () => {
    const { user, cookie, patient, record } = await setup();
    const onDisk = await storedFiles(t);
    const text = 'Hemoglobina: 13,5 g/dL\n';
    const response = await upload(
      cookie,
      record.id,
      filesForm([
        [text, 'exame de sangue ção.txt', 'text/plain'],
        [PDF_BYTES, 'relatório final.pdf', 'application/pdf'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('2 anexos enviados.');
    expect(body.message).toBe(r.uploaded(2));
    const attachments = body.data.recordsAttachments as RecordAttachment[];
    expect(attachments).toHaveLength(2);
    const byName = Object.fromEntries(attachments.map((a) => [a.basename, a]));
    expect(byName['exame de sangue ção.txt']).toEqual({
      id: expect.stringMatching(UUID),
      basename: 'exame de sangue ção.txt',
      externalKey: expect.stringMatching(ATTACHMENT_KEY),
      contentType: 'text/plain',
      byteSize: Buffer.byteLength(text),
      createdAt: expect.stringMatching(ISO_TIME),
    });
    expect(byName['relatório final.pdf']).toMatchObject({ contentType: 'application/pdf', byteSize: PDF_BYTES.length });

    for (const attachment of attachments) {
      expect(await fileRow(t, attachment.externalKey)).toMatchObject({
        ownerId: user.id,
        patientId: patient.id,
        originalName: attachment.basename,
        contentType: attachment.contentType,
        byteSize: attachment.byteSize,
      });
    }
    expect(await storedFiles(t)).toEqual([...onDisk, ...attachments.map((a) => a.externalKey)].sort());
    expect((await attachmentRows(record.id)).map((row) => row.fileKey).sort()).toEqual(attachments.map((a) => a.externalKey).sort());

    // The next upload answers the full list, and so does the record.
    const more = await upload(cookie, record.id, filesForm([['png', 'outro.txt', 'text/plain']]));
    expect(more.statusCode).toBe(201);
    expect(more.json().message).toBe(r.uploaded(1));
    const all = more.json().data.recordsAttachments as RecordAttachment[];
    expect(all).toHaveLength(3);
    expect(all).toEqual(expect.arrayContaining(attachments));
    expect((await read(cookie, record.id)).json().data.recordsAttachments).toEqual(all);
  });

  it('keeps only the base name of a file name with a path', async () => {
    const { cookie, record } = await setup();
    const attachments = await attach(cookie, record.id, [['root:x:0:0', '../../etc/passwd', 'text/plain']]);
    expect(attachments.map((a) => a.basename)).toEqual(['passwd']);
    expect(attachments[0]!.externalKey).toMatch(ATTACHMENT_KEY);
  });

  it('answers 413 to 11 files and stores none of them', async () => {
    const { cookie, record } = await setup();
    const before = await snapshot(record.id);
    const parts = Array.from({ length: limits.attachmentsPerRequest + 1 }, (_, i): Part => [`arquivo ${i}`, `arquivo-${i}.txt`, 'text/plain']);
    const response = await upload(cookie, record.id, filesForm(parts));
    expect(response.json()).toEqual(failure(413, e.tooManyAttachments));
    expect(e.tooManyAttachments).toBe('Envie no máximo 10 arquivos de cada vez.');
    expect(await snapshot(record.id)).toEqual(before);
    expect((await read(cookie, record.id)).json().data.recordsAttachments).toEqual([]);
  });

  it('accepts exactly 10 files', async () => {
    const { cookie, record } = await setup();
    const parts = Array.from({ length: limits.attachmentsPerRequest }, (_, i): Part => [`arquivo ${i}`, `arquivo-${i}.txt`, 'text/plain']);
    const response = await upload(cookie, record.id, filesForm(parts));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('10 anexos enviados.');
    expect(await attachmentRows(record.id)).toHaveLength(10);
  });

  it('answers 413 to a file over 25 MB and stores nothing, not even the files before it', async () => {
    const { cookie, record } = await setup();
    const before = await snapshot(record.id);
    const big = Buffer.alloc(limits.attachmentMaxBytes + 1, 0x61);
    const response = await upload(
      cookie,
      record.id,
      filesForm([
        ['primeiro', 'primeiro.txt', 'text/plain'],
        [big, 'grande.txt', 'text/plain'],
      ]),
    );
    expect(response.json()).toEqual(failure(413, e.attachmentTooLarge));
    expect(e.attachmentTooLarge).toBe('Arquivo muito grande. O limite é de 25 MB por arquivo.');
    expect(await snapshot(record.id)).toEqual(before);
  });

  it('answers 400 when no file comes in the files field', async () => {
    const { cookie, record } = await setup();
    const before = await snapshot(record.id);
    const otherField = filesForm([['x', 'a.txt', 'text/plain']], 'file');
    otherField.append('note', 'sem arquivo');
    expect((await upload(cookie, record.id, otherField)).json()).toEqual(failure(400, e.attachmentsMissing));
    const onlyText = new FormData();
    onlyText.append('files', 'não é um arquivo');
    expect((await upload(cookie, record.id, onlyText)).json()).toEqual(failure(400, e.attachmentsMissing));
    expect(await snapshot(record.id)).toEqual(before);
  });

  it('answers 4xx to a body that is not multipart and stores nothing', async () => {
    const { cookie, record } = await setup();
    const before = await snapshot(record.id);
    const json = await upload(cookie, record.id, { files: ['a.txt'] });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const text = await upload(cookie, record.id, 'files=a.txt', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await snapshot(record.id)).toEqual(before);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    const fileRows = await fileRowCount(t);
    expect((await upload(cookie, 'abc', filesForm([['x', 'a.txt']]))).json()).toEqual(idInvalid);
    expect((await upload(cookie, randomUUID(), filesForm([['x', 'a.txt']]))).json()).toEqual(recordNotFound);
    expect(await fileRowCount(t)).toBe(fileRows);
  });
});

describe('GET /v1/files/:key of an attachment', () => {
  it('answers a text file inline under its own name, with the UTF-8 name and an ASCII fallback', async () => {
    const { cookie, record } = await setup();
    const [attachment] = await attach(cookie, record.id, [['Glicose: 92 mg/dL', 'exame de sangue ção.txt', 'text/plain']]);
    const response = await getFile(cookie, attachment!.externalKey);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Glicose: 92 mg/dL');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^inline;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('exame de sangue ção.txt')}`);
    expect(disposition).toContain(`filename*=UTF-8''exame%20de%20sangue%20%C3%A7%C3%A3o.txt`);
    expect(disposition).toContain('filename="exame de sangue cao.txt"');
    expect(disposition).toMatch(/^[\x20-\x7e]*$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('escapes quotes in the ASCII fallback', async () => {
    const { cookie, record } = await setup();
    // FormData would send the quotes as %22 (as browsers do): the name is written by hand.
    const boundary = 'fronteira-123';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="files"; filename="laudo \\"final\\".txt"',
      'Content-Type: text/plain',
      '',
      'x',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await upload(cookie, record.id, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(response.statusCode, response.body).toBe(201);
    const [attachment] = response.json().data.recordsAttachments as RecordAttachment[];
    expect(attachment!.basename).toBe('laudo "final".txt');
    const disposition = (await getFile(cookie, attachment!.externalKey)).headers['content-disposition'] as string;
    expect(disposition).toBe(`inline; filename="laudo _final_.txt"; filename*=UTF-8''laudo%20%22final%22.txt`);
  });

  it('answers an HTML upload as an attachment, never inline', async () => {
    const { cookie, record } = await setup();
    const html = '<html><script>alert(1)</script></html>';
    const [attachment] = await attach(cookie, record.id, [[html, 'página.html', 'text/html']]);
    const response = await getFile(cookie, attachment!.externalKey);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(html);
    const disposition = response.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).not.toContain('inline');
    expect(disposition).toContain(`filename*=UTF-8''p%C3%A1gina.html`);
    expect(disposition).toContain('filename="pagina.html"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers an SVG upload as an attachment, never inline', async () => {
    const { cookie, record } = await setup();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
    const [attachment] = await attach(cookie, record.id, [[svg, 'desenho.svg', 'image/svg+xml']]);
    const response = await getFile(cookie, attachment!.externalKey);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-type']).not.toMatch(/^text\/(html|plain)/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers a PNG inline as image/png with its bytes', async () => {
    const { cookie, record } = await setup();
    const [attachment] = await attach(cookie, record.id, [[png, 'raio-x.png', 'image/png']]);
    expect(attachment).toMatchObject({ contentType: 'image/png', byteSize: png.length });
    expect(attachment!.externalKey).toMatch(/\.png$/);
    const response = await getFile(cookie, attachment!.externalKey);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline;/);
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('answers 404 to another professional and 401 without a session', async () => {
    const { cookie, record } = await setup();
    const stranger = await newSignedInUser(t);
    const [attachment] = await attach(cookie, record.id, [['segredo', 'segredo.txt', 'text/plain']]);
    expect((await getFile(stranger.cookie, attachment!.externalKey)).json()).toEqual(fileNotFound);
    expect((await getFile(undefined, attachment!.externalKey)).json()).toEqual(unauthorized);
    expect((await getFile(cookie, attachment!.externalKey)).statusCode).toBe(200);
  });
});

describe('DELETE /v1/records/attachments/:id', () => {
  it('removes the attachment, its files row and its file on disk', async () => {
    const { cookie, record } = await setup();
    const attachments = await attach(cookie, record.id, [
      ['um', 'um.txt', 'text/plain'],
      ['dois', 'dois.txt', 'text/plain'],
    ]);
    const doomed = attachments.find((a) => a.basename === 'um.txt')!;
    const kept = attachments.find((a) => a.basename === 'dois.txt')!;

    const response = await removeAttachment(cookie, doomed.id);
    expect(response.json()).toEqual({ status: 200, data: null, message: r.removed });
    expect(r.removed).toBe('Anexo removido.');
    expect(await fileRow(t, doomed.externalKey)).toBeUndefined();
    const onDisk = await storedFiles(t);
    expect(onDisk).not.toContain(doomed.externalKey);
    expect(onDisk).toContain(kept.externalKey);
    expect((await getFile(cookie, doomed.externalKey)).json()).toEqual(fileNotFound);
    expect((await read(cookie, record.id)).json().data.recordsAttachments).toEqual([kept]);

    expect((await removeAttachment(cookie, doomed.id)).json()).toEqual(attachmentNotFound);
  });

  it("answers 404 to another professional's attachment and keeps it", async () => {
    const { cookie, record } = await setup();
    const stranger = await newSignedInUser(t);
    const [attachment] = await attach(cookie, record.id, [['x', 'x.txt', 'text/plain']]);
    expect((await removeAttachment(stranger.cookie, attachment!.id)).json()).toEqual(attachmentNotFound);
    expect(await fileRow(t, attachment!.externalKey)).toBeDefined();
    expect(await storedFiles(t)).toContain(attachment!.externalKey);
    expect((await read(cookie, record.id)).json().data.recordsAttachments).toEqual([attachment]);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const { cookie } = await newSignedInUser(t);
    expect((await removeAttachment(cookie, 'abc')).json()).toEqual(idInvalid);
    expect((await removeAttachment(cookie, randomUUID())).json()).toEqual(attachmentNotFound);
  });
});

describe("another professional's record", () => {
  it('answers 404 to every call and changes nothing', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>Sigilo</p>');
    const [attachment] = await attach(cookie, record.id, [['x', 'x.txt', 'text/plain']]);
    const stored = await storedRecord(record.id);
    const before = await snapshot(record.id);
    const stranger = await newSignedInUser(t);

    expect((await read(stranger.cookie, record.id)).json()).toEqual(recordNotFound);
    expect((await rename(stranger.cookie, record.id, { name: 'Intruso' })).json()).toEqual(recordNotFound);
    expect((await saveContent(stranger.cookie, record.id, { content: '<p>Intruso</p>' })).json()).toEqual(recordNotFound);
    expect((await upload(stranger.cookie, record.id, filesForm([['y', 'y.txt', 'text/plain']]))).json()).toEqual(recordNotFound);
    expect((await remove(stranger.cookie, record.id)).json()).toEqual(recordNotFound);

    expect(await storedRecord(record.id)).toEqual(stored);
    expect(await snapshot(record.id)).toEqual(before);
    expect((await read(cookie, record.id)).json().data.recordsAttachments).toEqual([attachment]);
  });

  it('answers 401 to every call without a session', async () => {
    const { patient, record } = await setup();
    expect((await list(undefined, patient.id)).json()).toEqual(unauthorized);
    expect((await create(undefined, patient.id, { name: 'x' })).json()).toEqual(unauthorized);
    expect((await read(undefined, record.id)).json()).toEqual(unauthorized);
    expect((await rename(undefined, record.id, { name: 'x' })).json()).toEqual(unauthorized);
    expect((await saveContent(undefined, record.id, { content: 'x' })).json()).toEqual(unauthorized);
    expect((await upload(undefined, record.id, filesForm([['x', 'x.txt']]))).json()).toEqual(unauthorized);
    expect((await remove(undefined, record.id)).json()).toEqual(unauthorized);
    expect((await removeAttachment(undefined, randomUUID())).json()).toEqual(unauthorized);
    expect(await storedRecord(record.id)).toEqual(record);
  });
});

describe('cascades', () => {
  it("deleting a record removes its attachments' rows and files, and nothing else", async () => {
    const { user, cookie, patient, record } = await setup();
    const sibling = await newRecord(t, { owner: user, patient, name: 'Outro' });
    const doomed = await attach(cookie, record.id, [
      ['a', 'a.txt', 'text/plain'],
      [png, 'b.png', 'image/png'],
    ]);
    const [kept] = await attach(cookie, sibling.id, [['c', 'c.txt', 'text/plain']]);
    const siblingRow = await storedRecord(sibling.id);

    expect((await remove(cookie, record.id)).statusCode).toBe(200);

    expect(await attachmentRows(record.id)).toEqual([]);
    const onDisk = await storedFiles(t);
    for (const attachment of doomed) {
      expect(await fileRow(t, attachment.externalKey)).toBeUndefined();
      expect(onDisk).not.toContain(attachment.externalKey);
      expect((await getFile(cookie, attachment.externalKey)).json()).toEqual(fileNotFound);
    }
    expect(onDisk).toContain(kept!.externalKey);
    expect(await storedRecord(sibling.id)).toEqual(siblingRow);
    expect((await read(cookie, sibling.id)).json().data.recordsAttachments).toEqual([kept]);
    const remaining = (await list(cookie, patient.id)).json().data.records as ClinicalRecord[];
    expect(remaining.map((x) => x.id)).toEqual([sibling.id]);
  });

  it("deleting the patient removes its records, attachments and files; the professional's other records stay", async () => {
    const { user, cookie, patient, record } = await setup();
    const second = await newRecord(t, { owner: user, patient, name: 'Segundo' });
    const doomed = [
      ...(await attach(cookie, record.id, [['a', 'a.txt', 'text/plain']])),
      ...(await attach(cookie, second.id, [[png, 'b.png', 'image/png']])),
    ];
    const otherPatient = await newPatient(t, { owner: user });
    const otherRecord = await newRecord(t, { owner: user, patient: otherPatient, name: 'Fica' });
    const [kept] = await attach(cookie, otherRecord.id, [['c', 'c.txt', 'text/plain']]);
    const otherRow = await storedRecord(otherRecord.id);

    const tables = await tablesWithPatientId(t.database.db);
    expect(tables).toEqual(expect.arrayContaining(['files', 'records']));
    expect(await rowsReferencing(t.database.db, 'records', patient.id)).toBe(2);
    expect(await rowsReferencing(t.database.db, 'files', patient.id)).toBe(2);

    expect((await call('DELETE', `/v1/patients/${patient.id}`, cookie)).statusCode).toBe(200);

    for (const table of tables) expect(await rowsReferencing(t.database.db, table, patient.id), table).toBe(0);
    expect(await storedRecord(record.id)).toBeUndefined();
    expect(await storedRecord(second.id)).toBeUndefined();
    expect(await attachmentRows(record.id)).toEqual([]);
    expect(await attachmentRows(second.id)).toEqual([]);
    const onDisk = await storedFiles(t);
    for (const attachment of doomed) {
      expect(await fileRow(t, attachment.externalKey)).toBeUndefined();
      expect(onDisk).not.toContain(attachment.externalKey);
    }
    expect((await read(cookie, record.id)).json()).toEqual(recordNotFound);

    expect(onDisk).toContain(kept!.externalKey);
    expect(await storedRecord(otherRecord.id)).toEqual(otherRow);
    expect((await read(cookie, otherRecord.id)).json().data.recordsAttachments).toEqual([kept]);
  });
  it('an upload racing the deletion of its record leaves no row and no file behind', async () => {
    const { cookie, record } = await setup();
    const parts = Array.from({ length: 5 }, (_, i): Part => [`arquivo ${i}`, `arquivo-${i}.txt`, 'text/plain']);
    const [uploaded, deleted] = await Promise.all([upload(cookie, record.id, filesForm(parts)), remove(cookie, record.id)]);
    expect([201, 404]).toContain(uploaded.statusCode);
    expect(deleted.statusCode).toBe(200);
    expect(await attachmentRows(record.id)).toEqual([]);
    const rows = await t.database.db.select({ key: files.key }).from(files);
    expect(await storedFiles(t)).toEqual(rows.map((row) => row.key).sort());
  });
});

describe('GET /v1/users/me/stats', () => {
  it("counts the professional's records", async () => {
    const { user, cookie, patient, record } = await setup();
    const stranger = await newSignedInUser(t);
    await newRecord(t, { owner: user, patient });
    const otherPatient = await newPatient(t, { owner: user });
    await createRecordViaApi(t, cookie, otherPatient.id);
    const strangerPatient = await newPatient(t, { owner: stranger.user });
    await newRecord(t, { owner: stranger.user, patient: strangerPatient });

    expect((await stats(cookie)).json().data.stats).toMatchObject({ patients: 2, records: 3 });
    expect((await stats(stranger.cookie)).json().data.stats).toMatchObject({ patients: 1, records: 1 });

    await remove(cookie, record.id);
    expect((await stats(cookie)).json().data.stats).toMatchObject({ records: 2 });
    await call('DELETE', `/v1/patients/${otherPatient.id}`, cookie);
    expect((await stats(cookie)).json().data.stats).toMatchObject({ patients: 1, records: 1 });
    expect((await stats(stranger.cookie)).json().data.stats).toMatchObject({ records: 1 });
  });
});

describe('storage layout', () => {
  it('keeps every stored file next to a row, with no leftovers', async () => {
    const rows = await t.database.db.select({ key: files.key }).from(files);
    expect(rows.length).toBeGreaterThan(0);
    expect(await storedFiles(t)).toEqual(rows.map((row) => row.key).sort());
  });
});

describe('edge cases found in review', () => {
  it('refuses content that sanitizing would make longer than the limit, and keeps what was saved', async () => {
    const { cookie, record } = await setup();
    await contentOf(cookie, record.id, '<p>antes</p>');
    const response = await saveContent(cookie, record.id, { content: '<'.repeat(2_000_000) });
    expect(response.json()).toEqual(failure(400, messages.validation.recordContentTooLong));
    expect((await storedRecord(record.id))!.content).toBe('<p>antes</p>');
  });

  it('drops contenteditable (the editor adds its own)', async () => {
    const { cookie, record } = await setup();
    const html = '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="true"></span>item</li></ol>';
    expect(await contentOf(cookie, record.id, html)).toBe('<ol><li data-list="bullet"><span class="ql-ui"></span>item</li></ol>');
  });

  it('decodes the quotes and line breaks browsers percent-encode in file names', async () => {
    const { cookie, record } = await setup();
    const [attachment] = await attach(cookie, record.id, [['x', 'laudo %22final%22%0A.txt']]);
    expect(attachment!.basename).toBe('laudo "final" .txt');
  });

  it('moves lastUpdateDate when an attachment is removed', async () => {
    const { cookie, record } = await setup();
    const [attachment] = await attach(cookie, record.id, [['x', 'a.txt']]);
    const before = (await storedRecord(record.id))!.updatedAt!;
    t.clock.advance(60);
    expect((await removeAttachment(cookie, attachment!.id)).statusCode).toBe(200);
    expect((await storedRecord(record.id))!.updatedAt!.getTime()).toBeGreaterThan(before.getTime());
  });
});
