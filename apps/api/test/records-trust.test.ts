// Records a professional can trust: versions and conflicts, finalizing with addenda, the access
// log of a patient's data, and the export of the patient's whole file.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { messages, type AccessLogEntry, type ClinicalRecord } from '@consultorio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '../src/db/schema';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import type { Storage } from '../src/platform/storage/storage';
import { createTestApp, type TestApp } from './helpers/build-app';
import { zipEntries } from './helpers/zip';
import { storedFiles } from './helpers/stored-files';
import { libraryAssistant, newChat } from './factories/chats';
import { libraryTemplate, newForm } from './factories/forms';
import { newPatient } from './factories/patients';
import { newRecord } from './factories/records';
import { newSignedInUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const e = messages.errors;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

function call(method: InjectOptions['method'], url: string, cookie: string, payload?: unknown) {
  return t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function setup() {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await newPatient(t, { owner: user, firstName: 'Carla', lastName: 'Mendes' });
  const record = (await call('POST', `/v1/patients/${patient.id}/records`, cookie, { name: 'Sessão 1' })).json().data.record as ClinicalRecord;
  return { user, cookie, patient, record };
}

const save = (cookie: string, id: string, content: string, version: number, autosave?: boolean) =>
  call('PUT', `/v1/records/${id}/content`, cookie, { content, version, ...(autosave === undefined ? {} : { autosave }) });

describe('versions and conflicts', () => {
  it('answers 409 to a save from a stale version and stores nothing: two windows never silently lose a text', async () => {
    const { cookie, record } = await setup();
    const first = await save(cookie, record.id, '<p>Janela A</p>', record.version);
    expect(first.json().data.record.version).toBe(record.version + 1);
    const stale = await save(cookie, record.id, '<p>Janela B</p>', record.version);
    expect(stale.json()).toEqual(failure(409, e.recordVersionConflict));
    // The code tells this 409 from a finalized record's or a missing finalization's.
    expect(stale.json().code).toBe('RECORD_VERSION_CONFLICT');
    expect((await call('GET', `/v1/records/${record.id}`, cookie)).json().data.record).toMatchObject({ content: '<p>Janela A</p>', version: 2 });
  });

  it('keeps each save as a version, one per stretch of autosaves, lists them newest first and restores one', async () => {
    const { cookie, record } = await setup();
    let version = record.version;
    const next = async (content: string, autosave?: boolean) => {
      const response = await save(cookie, record.id, content, version, autosave);
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().data.record.version as number;
    };
    await next('<p>um</p>', true);
    t.clock.advance(60);
    await next('<p>um dois</p>', true);
    await next('<p>um dois três</p>');
    t.clock.advance(60);
    await next('<p>quatro</p>', true);
    t.clock.advance(11 * 60);
    await next('<p>cinco</p>', true);

    const listed = (await call('GET', `/v1/records/${record.id}/versions`, cookie)).json().data.recordVersions as Array<{ id: string; version: number; kind: string }>;
    expect(listed.map((item) => item.kind)).toEqual(['autosave', 'autosave', 'save', 'autosave']);
    expect(listed.map((item) => item.version)).toEqual([6, 5, 4, 3]);
    const saved = (await call('GET', `/v1/records/${record.id}/versions/${listed[2]!.id}`, cookie)).json().data.recordVersion;
    expect(saved).toMatchObject({ version: 4, kind: 'save', content: '<p>um dois três</p>' });
    expect((await call('GET', `/v1/records/${record.id}/versions/${listed[3]!.id}`, cookie)).json().data.recordVersion.content).toBe('<p>um dois</p>');

    const restored = await call('POST', `/v1/records/${record.id}/versions/${listed[2]!.id}/restore`, cookie, { version });
    expect(restored.json()).toMatchObject({ status: 200, message: messages.records.restored, data: { record: { content: '<p>um dois três</p>', version: 7 } } });
    const after = (await call('GET', `/v1/records/${record.id}/versions`, cookie)).json().data.recordVersions as Array<{ kind: string }>;
    expect(after[0]!.kind).toBe('restore');
    expect((await call('POST', `/v1/records/${record.id}/versions/${listed[2]!.id}/restore`, cookie, { version: 3 })).statusCode).toBe(409);
  });
});

describe('history that brings back deleted text', () => {
  type Listed = Array<{ id: string; version: number; kind: string }>;
  const versionsOf = async (cookie: string, id: string) => (await call('GET', `/v1/records/${id}/versions`, cookie)).json().data.recordVersions as Listed;
  const contentOf = async (cookie: string, id: string, versionId: string) =>
    (await call('GET', `/v1/records/${id}/versions/${versionId}`, cookie)).json().data.recordVersion.content as string;
  // 261 characters of text: deleting them is more than 200.
  const paragraph = `<p>Relata que ${'perdeu o sono '.repeat(17)}desde março.</p>`;

  it('keeps a version at least every 2 minutes of autosaves, and the text before a save that removes more than 200 characters', async () => {
    const { cookie, record } = await setup();
    let version = record.version;
    const autosave = async (content: string) => {
      const response = await save(cookie, record.id, content, version, true);
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().data.record.version as number;
    };
    await autosave('<p>Queixa: insônia.</p>');
    t.clock.advance(50);
    await autosave(`<p>Queixa: insônia.</p>${paragraph}`);
    t.clock.advance(50);
    await autosave(`<p>Queixa: insônia.</p>${paragraph}<p>Trabalha à noite.</p>`);
    expect(await versionsOf(cookie, record.id)).toHaveLength(1);
    t.clock.advance(30);
    await autosave(`<p>Queixa: insônia.</p>${paragraph}<p>Trabalha à noite. Café</p>`);
    expect((await versionsOf(cookie, record.id)).map((item) => item.version)).toEqual([5, 4]);

    // A slip deletes the paragraph: the text as it was before stays, and the new one starts a version.
    t.clock.advance(10);
    await autosave('<p>Queixa: insônia.</p><p>Trabalha à noite. Café</p>');
    t.clock.advance(10);
    await autosave('<p>Queixa: insônia.</p><p>Trabalha à noite. Café à tarde.</p>');
    // Removing 200 characters or fewer joins the stretch as before.
    t.clock.advance(10);
    await autosave('<p>Queixa: insônia.</p><p>Trabalha à noite.</p>');

    const listed = await versionsOf(cookie, record.id);
    expect(listed.map((item) => [item.kind, item.version])).toEqual([
      ['autosave', 8],
      ['autosave', 5],
      ['autosave', 4],
    ]);
    expect(await contentOf(cookie, record.id, listed[0]!.id)).toBe('<p>Queixa: insônia.</p><p>Trabalha à noite.</p>');
    expect(await contentOf(cookie, record.id, listed[1]!.id)).toBe(`<p>Queixa: insônia.</p>${paragraph}<p>Trabalha à noite. Café</p>`);
    expect(await contentOf(cookie, record.id, listed[2]!.id)).toBe(`<p>Queixa: insônia.</p>${paragraph}<p>Trabalha à noite.</p>`);

    const restored = await call('POST', `/v1/records/${record.id}/versions/${listed[1]!.id}/restore`, cookie, { version });
    expect(restored.json().data.record.content).toBe(`<p>Queixa: insônia.</p>${paragraph}<p>Trabalha à noite. Café</p>`);
  });

  it('keeps the text before a large removal even when the history lacks it (a record saved before versions were kept)', async () => {
    const { user, cookie, patient } = await setup();
    const old = await newRecord(t, { owner: user, patient, content: `${paragraph}<p>Fim.</p>`, version: 3 });
    const response = await save(cookie, old.id, '<p>Fim.</p>', 3);
    expect(response.statusCode, response.body).toBe(200);
    const listed = await versionsOf(cookie, old.id);
    expect(listed.map((item) => [item.kind, item.version])).toEqual([
      ['save', 4],
      ['save', 3],
    ]);
    expect(await contentOf(cookie, old.id, listed[1]!.id)).toBe(`${paragraph}<p>Fim.</p>`);
  });
});

describe('finalize and amend', () => {
  it('makes the content read-only with its SHA-256; corrections are sanitized, dated addenda returned oldest first', async () => {
    const { cookie, record } = await setup();
    const saved = (await save(cookie, record.id, '<p>Evolução: paciente estável.</p>', record.version)).json().data.record as ClinicalRecord;
    expect((await call('POST', `/v1/records/${record.id}/addenda`, cookie, { content: '<p>cedo</p>' })).statusCode).toBe(409);
    const finalized = await call('POST', `/v1/records/${record.id}/finalize`, cookie);
    expect(finalized.json().message).toBe(messages.records.finalized);
    const row = finalized.json().data.record as ClinicalRecord;
    expect(row.finalizedAt).not.toBeNull();
    expect(row.contentSha256).toBe(createHash('sha256').update('<p>Evolução: paciente estável.</p>', 'utf8').digest('hex'));
    expect((await save(cookie, record.id, '<p>Outra coisa</p>', saved.version)).json()).toEqual(failure(423, e.recordFinalized));
    expect((await call('POST', `/v1/records/${record.id}/finalize`, cookie)).json()).toEqual(failure(409, e.recordAlreadyFinalized));

    const first = await call('POST', `/v1/records/${record.id}/addenda`, cookie, { content: '<p>Correção: pressão 12/8.</p><script>alert(1)</script>' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.recordAddendum.content).toBe('<p>Correção: pressão 12/8.</p>');
    t.clock.advance(60);
    await call('POST', `/v1/records/${record.id}/addenda`, cookie, { content: '<p>Segundo adendo.</p>' });
    const read = (await call('GET', `/v1/records/${record.id}`, cookie)).json().data as { record: ClinicalRecord; recordAddenda: Array<{ content: string }> };
    expect(read.recordAddenda.map((addendum) => addendum.content)).toEqual(['<p>Correção: pressão 12/8.</p>', '<p>Segundo adendo.</p>']);
    expect(read.record.content).toBe('<p>Evolução: paciente estável.</p>');
    expect((await call('POST', `/v1/records/${record.id}/addenda`, cookie, { content: '   ' })).json()).toEqual(failure(400, messages.validation.addendumRequired));
  });

  it('keeps a finalized record’s name and attachments as they were: renaming, attaching and removing answer 423', async () => {
    const { cookie, record } = await setup();
    const uploadFile = async (name: string) => {
      const body = new FormData();
      body.append('files', new File(['laudo'], name, { type: 'text/plain' }));
      const request = new Request('http://x/', { method: 'POST', body });
      return t.request({
        method: 'POST',
        url: `/v1/records/${record.id}/attachments`,
        headers: { cookie, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const attachmentId = (await uploadFile('laudo.txt')).json().data.recordsAttachments[0].id as string;
    await call('POST', `/v1/records/${record.id}/finalize`, cookie);
    const before = (await call('GET', `/v1/records/${record.id}`, cookie)).json().data;
    const storedBefore = await storedFiles(t);

    t.clock.advance(60);
    expect((await call('PUT', `/v1/records/${record.id}`, cookie, { name: 'Sessão 1 (revisada)' })).json()).toEqual(failure(423, e.recordFinalized));
    expect((await uploadFile('outro-laudo.txt')).json()).toEqual(failure(423, e.recordFinalized));
    expect((await call('DELETE', `/v1/records/attachments/${attachmentId}`, cookie)).json()).toEqual(failure(423, e.recordFinalized));

    const after = (await call('GET', `/v1/records/${record.id}`, cookie)).json().data as { record: ClinicalRecord; recordsAttachments: Array<{ basename: string }> };
    expect(after).toEqual(before);
    expect(after.record.name).toBe('Sessão 1');
    expect(after.recordsAttachments.map((attachment) => attachment.basename)).toEqual(['laudo.txt']);
    expect(await storedFiles(t)).toEqual(storedBefore);
  });
});

describe('access log', () => {
  it('lists the reads and changes of the patient’s data, newest first, a page at a time', async () => {
    const { user, cookie, patient, record } = await setup();
    await call('GET', `/v1/patients/${patient.id}`, cookie);
    await call('GET', `/v1/records/${record.id}`, cookie);
    await save(cookie, record.id, '<p>x</p>', record.version);
    const template = await libraryTemplate(t, 'phq-9');
    const form = await newForm(t, { owner: user, patient, template });
    await call('GET', `/v1/forms/${form.id}`, cookie);
    const first = await call('GET', `/v1/patients/${patient.id}/access-log?limit=3`, cookie);
    const page = first.json().data as { accessLog: AccessLogEntry[]; nextCursor: string };
    expect(page.accessLog.map((entry) => [entry.action, entry.entityType, entry.entityId])).toEqual([
      ['read', 'form', form.id],
      ['update', 'record', record.id],
      ['read', 'record', record.id],
    ]);
    expect(page.accessLog[0]!.ip).toBe('127.0.0.1');
    const second = (await call('GET', `/v1/patients/${patient.id}/access-log?limit=3&cursor=${page.nextCursor}`, cookie)).json().data as { accessLog: AccessLogEntry[] };
    expect(second.accessLog.map((entry) => [entry.action, entry.entityType])).toEqual([
      ['read', 'patient'],
      ['create', 'record'],
    ]);
    // Reading the log is itself noted.
    const again = (await call('GET', `/v1/patients/${patient.id}/access-log?limit=1`, cookie)).json().data.accessLog[0];
    expect(again).toMatchObject({ action: 'read', entityType: 'access-log' });
  });

  it('notes nothing for another professional’s failed attempts, and cannot be changed', async () => {
    const { user, cookie, patient, record } = await setup();
    const before = await t.database.db.select().from(accessLog).where(eq(accessLog.patientId, patient.id));
    const intruder = await newSignedInUser(t);
    for (const url of [`/v1/patients/${patient.id}`, `/v1/records/${record.id}`, `/v1/patients/${patient.id}/access-log`, `/v1/patients/${patient.id}/export`]) {
      expect((await call('GET', url, intruder.cookie)).statusCode, url).toBe(404);
    }
    expect((await save(intruder.cookie, record.id, '<p>x</p>', 1)).statusCode).toBe(404);
    const after = await t.database.db.select().from(accessLog).where(eq(accessLog.patientId, patient.id));
    expect(after).toEqual(before);
    expect(after.every((entry) => entry.ownerId === user.id)).toBe(true);
    await expect(t.database.db.execute(sql`update access_log set action = 'read' where patient_id = ${patient.id}`)).rejects.toThrow();
    expect((await call('GET', `/v1/patients/${patient.id}/access-log`, cookie)).statusCode).toBe(200);
  });

  it('keeps one entry, the deletion, when a patient is deleted', async () => {
    const { user, cookie, patient } = await setup();
    await call('GET', `/v1/patients/${patient.id}`, cookie);
    expect((await call('DELETE', `/v1/patients/${patient.id}`, cookie)).statusCode).toBe(200);
    const left = await t.database.db.select().from(accessLog).where(and(eq(accessLog.ownerId, user.id), eq(accessLog.patientId, patient.id)));
    expect(left.map((entry) => [entry.action, entry.entityType])).toEqual([['delete', 'patient']]);
  });
});

/** Attaches a file to a record, as the record's page uploads it (multipart). */
async function attach(cookie: string, recordId: string, bytes: Buffer, name: string, app: TestApp = t): Promise<void> {
  const body = new FormData();
  body.append('files', new File([bytes], name, { type: 'application/octet-stream' }));
  const request = new Request('http://x/', { method: 'POST', body });
  const uploaded = await app.request({
    method: 'POST',
    url: `/v1/records/${recordId}/attachments`,
    headers: { cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(uploaded.statusCode).toBe(201);
}

describe('export of the patient’s whole file', () => {
  it('streams a ZIP with paciente.json, each record as HTML and every attachment’s bytes unchanged', async () => {
    const { user, cookie, patient, record } = await setup();
    await save(cookie, record.id, '<h1>Anamnese</h1><p>Queixa principal: insônia.</p>', record.version);
    const attachment = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    await attach(cookie, record.id, attachment, 'exame ção.bin');
    await call('POST', `/v1/records/${record.id}/finalize`, cookie);
    await call('POST', `/v1/records/${record.id}/addenda`, cookie, { content: '<p>Adendo: dorme 5 h.</p>' });
    const form = await newForm(t, { owner: user, patient, template: await libraryTemplate(t, 'phq-9') });
    await call('PUT', `/v1/forms/${form.id}/content`, cookie, { content: { 1: '2', 9: '1' } });
    const chat = await newChat(t, { owner: user, patient, assistant: await libraryAssistant(t, 'apoio-clinico') });
    await call('POST', `/v1/chats/${chat.id}/send-text`, cookie, { userText: 'Como abordar a insônia?' });

    // A consent, and 3,000 older entries: the export reads its access log a thousand at a time.
    const consent = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', lastName: 'Mendes', phone: '11987654321', whatsappOptIn: true });
    expect(consent.statusCode, consent.body).toBe(200);
    const longAgo = Date.parse('2020-01-01T00:00:00Z');
    const older = Array.from({ length: 3000 }, (_, index) => ({
      ownerId: user.id, actorId: user.id, patientId: patient.id, action: 'read' as const, entityType: 'record' as const,
      entityId: `antiga-${String(index).padStart(4, '0')}`, ip: '192.0.2.7', createdAt: new Date(longAgo + index * 1000),
    }));
    await t.database.db.insert(accessLog).values(older);

    const response = await call('GET', `/v1/patients/${patient.id}/export`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="paciente-carla-mendes-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await zipEntries(response.rawPayload);
    const summary = JSON.parse(entries.get('paciente.json')!.toString('utf8'));
    expect(summary.patient).toMatchObject({ id: patient.id, fullName: 'Carla Mendes' });
    expect(summary.forms[0]).toMatchObject({ id: form.id, content: { 1: '2', 9: '1' }, score: { total: 3 } });
    expect(summary.forms[0].score.alerts).toHaveLength(1);
    expect(summary.records[0]).toMatchObject({ id: record.id, content: '<h1>Anamnese</h1><p>Queixa principal: insônia.</p>' });
    expect(summary.records[0].addenda[0].content).toBe('<p>Adendo: dorme 5 h.</p>');
    const chats = summary.chats as Array<{ messages: Array<{ sender: string }> }>;
    expect(chats[0]!.messages.map((message) => message.sender)).toEqual(['user', 'other']);
    const html = entries.get(summary.records[0].document)!.toString('utf8');
    expect(html).toContain('<h1>Anamnese</h1>');
    expect(html).toContain('Adendo: dorme 5 h.');
    expect(html).toContain(summary.records[0].contentSha256);
    const attachmentPath = summary.records[0].attachments[0].path as string;
    expect(attachmentPath).toBe('anexos/exame ção.bin');
    expect(entries.get(attachmentPath)!.equals(attachment)).toBe(true);
    // The access log, as a CSV: every entry, oldest first (three pages and more), with its labels and
    // address; the consent; and last, the export itself, logged before its first byte left (routes.ts, rawRoute).
    expect(summary.accessLog).toBe('registro-de-acessos.csv');
    const csv = parseCsv<Record<string, string>>(entries.get(summary.accessLog)!.toString('utf8'), { bom: true, delimiter: ';', columns: true });
    const l = messages.accessLog;
    const [inDatabase] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(accessLog).where(eq(accessLog.patientId, patient.id));
    expect(csv).toHaveLength(inDatabase!.count);
    expect(csv.slice(0, 3000).map((row) => row[l.csv.itemId])).toEqual(older.map((entry) => entry.entityId));
    expect(csv[0]).toEqual({ [l.csv.when]: '31/12/2019, 21:00:00', [l.csv.action]: l.actions.read, [l.csv.item]: l.entities.record, [l.csv.itemId]: 'antiga-0000', [l.csv.address]: '192.0.2.7' });
    const labels = csv.map((row) => `${row[l.csv.action]} · ${row[l.csv.item]}`);
    expect(labels).toContain(`${l.actions.consent} · ${l.entities.whatsapp}`);
    expect(labels.at(-1)).toBe(`${l.actions.export} · ${l.entities.patient}`);
  });

  it('answers a stored file that cannot be read with an error, in Portuguese or by ending the download, and goes on', async () => {
    // A storage whose reads fail once asked to (an S3 outage, a disk error), on a second instance of the app.
    const local = createLocalStorage(await mkdtemp(path.join(tmpdir(), 'consultorio-failing-')));
    let failAfter: Promise<void> | undefined;
    const failingRead = (after: Promise<void>) => ({
      body: new Readable({ read() { void after.then(() => this.destroy(new Error('leitura falhou'))); } }),
      contentType: undefined,
    });
    const storage: Storage = { ...local, get: async (key) => (failAfter ? failingRead(failAfter) : local.get(key)) };
    const other = await createTestApp({ storage, shared: { database: t.database, smtp: t.smtp } });
    try {
      const { cookie } = await newSignedInUser(other);
      const patient = (await other.request({ method: 'POST', url: '/v1/users/me/patients', headers: { cookie }, payload: { firstName: 'Rui', lastName: 'Prado' } })).json().data.patient as { id: string };
      const record = (await other.request({ method: 'POST', url: `/v1/patients/${patient.id}/records`, headers: { cookie }, payload: { name: 'Sessão 1' } })).json().data.record as ClinicalRecord;
      await attach(cookie, record.id, Buffer.alloc(1024, 7), 'exame.bin', other);
      const address = await other.app.listen({ host: '127.0.0.1', port: 0 });
      const download = (onFirstBytes: () => void) =>
        new Promise<{ status?: number; disposition?: string; body: string; ending: 'whole' | 'cut' }>((resolve) => {
          let body = '';
          http
            .get(`${address}/v1/patients/${patient.id}/export`, { headers: { cookie } }, (response) => {
              const answer = (ending: 'whole' | 'cut') => resolve({ status: response.statusCode, disposition: response.headers['content-disposition'], body, ending });
              response.on('data', (chunk: Buffer) => {
                body += chunk.toString('latin1');
                onFirstBytes();
              });
              response.on('error', () => answer('cut'));
              response.on('aborted', () => answer('cut'));
              response.on('end', () => answer(response.complete ? 'whole' : 'cut'));
            })
            .on('error', () => resolve({ body, ending: 'cut' }));
        });

      // Mid-download (the client has the first bytes): the download is cut, never passed off as whole.
      let firstBytesArrived!: () => void;
      failAfter = new Promise<void>((resolve) => (firstBytesArrived = resolve));
      expect((await download(() => firstBytesArrived())).ending).toBe('cut');

      // At once: before any byte has left the answer is the usual error, not a ZIP to download;
      // which of the two happens is a race between the ZIP's first bytes and the failed read.
      failAfter = Promise.resolve();
      const atOnce = await download(() => undefined);
      if (atOnce.ending === 'whole') {
        expect(atOnce.status).toBe(500);
        expect(atOnce.disposition).toBeUndefined();
        expect(JSON.parse(atOnce.body)).toEqual(failure(500, messages.requestErrors.generic));
      }
      failAfter = undefined;
      expect((await other.request({ method: 'GET', url: `/v1/patients/${patient.id}/access-log`, headers: { cookie } })).statusCode).toBe(200);
      expect((await other.request({ method: 'GET', url: `/v1/patients/${patient.id}/export`, headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('closes the stored file it was reading when the client goes away mid-download', async () => {
    const { cookie, record, patient } = await setup();
    await attach(cookie, record.id, Buffer.alloc(16 * 1024 * 1024, 7), 'exame.bin');
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // A megabyte in, the ZIP is reading the attachment (its other entries are small); then the client goes.
    await new Promise<void>((resolve, reject) => {
      const download = http.get(`${address}/v1/patients/${patient.id}/export`, { headers: { cookie } }, (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 1024 * 1024) {
            download.destroy();
            resolve();
          }
        });
        response.on('end', () => reject(new Error('the whole export arrived before the client went away')));
      });
      download.on('error', () => undefined);
    });
    const openStoredFiles = async () => {
      const descriptors = await readdir('/proc/self/fd');
      const targets = await Promise.all(descriptors.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target.startsWith(t.filesDir)).length;
    };
    await expect.poll(openStoredFiles, { timeout: 5_000, interval: 50 }).toBe(0);
  });

  it('is refused when its access-log entry cannot be written: no byte of the file leaves unlogged', async () => {
    const { cookie, patient } = await setup();
    // A real failure of the database, for this patient's entries only (the other tests share the table).
    await t.database.sql.executeSql(
      "create function refuse_access_entry() returns trigger language plpgsql as $$ begin raise exception 'access log down'; end $$",
    );
    await t.database.sql.executeSql(
      `create trigger refuse_access_entry before insert on access_log for each row when (new.patient_id = '${patient.id}') execute function refuse_access_entry()`,
    );
    try {
      const response = await call('GET', `/v1/patients/${patient.id}/export`, cookie);
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toEqual(failure(500, messages.requestErrors.generic));
    } finally {
      await t.database.sql.executeSql('drop trigger refuse_access_entry on access_log');
      await t.database.sql.executeSql('drop function refuse_access_entry()');
    }
    // The app goes on: the same export, logged, once the log can be written again.
    expect((await call('GET', `/v1/patients/${patient.id}/export`, cookie)).statusCode).toBe(200);
  });
});

describe('export of the practice around the patient', () => {
  it('carries the appointments, payments, safety alerts and measurement plans', async () => {
    const { user, cookie, patient } = await setup();
    const phq9 = await libraryTemplate(t, 'phq-9');
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const booked = await call('POST', '/v1/users/me/appointments', cookie, { patientId: patient.id, startsAt, feeCents: 15000 });
    const appointmentId = booked.json().data.appointment.id as string;
    const paid = await call('POST', '/v1/users/me/payments', cookie, {
      patientId: patient.id,
      appointmentIds: [appointmentId],
      amountCents: 15000,
      method: 'pix',
      paidAt: new Date().toISOString(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const plan = await call('POST', `/v1/patients/${patient.id}/measurement-plans`, cookie, { qaTemplateId: phq9.id, trigger: 'interval', intervalWeeks: 4 });
    expect(plan.statusCode, plan.body).toBe(201);
    const form = await newForm(t, { owner: user, patient, template: phq9 });
    const answers = Object.fromEntries(Array.from({ length: 9 }, (_, index) => [index + 1, index === 8 ? '1' : '0']));
    expect((await call('POST', '/v1/forms/public/submit', '', { publicToken: form.publicToken, content: answers })).statusCode).toBe(200);

    const summary = JSON.parse((await zipEntries((await call('GET', `/v1/patients/${patient.id}/export`, cookie)).rawPayload)).get('paciente.json')!.toString('utf8'));
    expect(summary.appointments).toMatchObject([{ id: appointmentId, startsAt, feeCents: 15000, paymentStatus: 'paid' }]);
    expect(summary.payments).toMatchObject([{ id: paid.json().data.payment.id, amountCents: 15000, method: 'pix' }]);
    expect(summary.safetyAlerts).toMatchObject([{ formId: form.id, acknowledgedAt: null }]);
    expect(summary.measurementPlans).toMatchObject([{ id: plan.json().data.plan.id, trigger: 'interval', intervalWeeks: 4 }]);
  });
});

describe('every new route of another professional’s record answers 404', () => {
  it('versions, a version, restore, finalize and addenda', async () => {
    const { cookie, record } = await setup();
    await save(cookie, record.id, '<p>x</p>', record.version);
    const versionId = ((await call('GET', `/v1/records/${record.id}/versions`, cookie)).json().data.recordVersions[0] as { id: string }).id;
    const intruder = (await newSignedInUser(t)).cookie;
    const notFound = failure(404, e.recordNotFound);
    expect((await call('GET', `/v1/records/${record.id}/versions`, intruder)).json()).toEqual(notFound);
    expect((await call('GET', `/v1/records/${record.id}/versions/${versionId}`, intruder)).json()).toEqual(notFound);
    expect((await call('POST', `/v1/records/${record.id}/versions/${versionId}/restore`, intruder, { version: 2 })).json()).toEqual(notFound);
    expect((await call('POST', `/v1/records/${record.id}/finalize`, intruder)).json()).toEqual(notFound);
    expect((await call('POST', `/v1/records/${record.id}/addenda`, intruder, { content: '<p>x</p>' })).json()).toEqual(notFound);
    expect((await call('GET', `/v1/records/${record.id}/versions/${record.id}`, cookie)).json()).toEqual(failure(404, e.versionNotFound));
  });
});
