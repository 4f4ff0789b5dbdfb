import { messages, type Recording } from '@consultorio/shared';
import { and, eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isScribeDraftRequest, scribeDraftReply, startFakeTranscription, type FakeTranscription } from '../../../scripts/fake-transcription.mjs';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';
import { accessLog, recordingChunks, recordings, recordVersions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { zipEntries } from './helpers/zip';
import { fileRow, storedFiles } from './helpers/stored-files';
import { newPatient } from './factories/patients';
import { newRecord } from './factories/records';
import { newSignedInUser } from './factories/users';

const r = messages.recordings;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

// ---- a WebM file as MediaRecorder writes it: a live Segment and Clusters of unknown size ----

function vintSize(size: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(size) | (1n << 56n));
  return bytes;
}
const element = (id: number, ...children: Buffer[]) => {
  const data = Buffer.concat(children);
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([idBytes, vintSize(data.length), data]);
};
const uint = (id: number, value: number) => element(id, Buffer.from([value >> 8, value & 0xff]));
const text = (id: number, value: string) => element(id, Buffer.from(value, 'latin1'));
const UNKNOWN = Buffer.from('01ffffffffffffff', 'hex');
/** The Opus identification header a WebM track carries as its codec's private data. */
const opusHead = Buffer.concat([Buffer.from('OpusHead', 'latin1'), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);

/** A WebM of `clusters` clusters, one a second, each with a block of `blockBytes` bytes. */
function webm(clusters: number, blockBytes: number): Buffer {
  const head = Buffer.concat([
    element(0x1a45dfa3, uint(0x4286, 1), text(0x4282, 'webm'), uint(0x4287, 4), uint(0x4285, 2)),
    Buffer.from('18538067', 'hex'),
    UNKNOWN,
    element(0x1549a966, element(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])), text(0x4d80, 'test'), text(0x5741, 'test')),
    element(0x1654ae6b, element(0xae, uint(0xd7, 1), uint(0x73c5, 1), uint(0x83, 2), text(0x86, 'A_OPUS'), element(0x63a2, opusHead), element(0xe1, uint(0x9f, 1)))),
  ]);
  const body = Array.from({ length: clusters }, (_, index) =>
    Buffer.concat([Buffer.from('1f43b675', 'hex'), UNKNOWN, uint(0xe7, index * 1000), element(0xa3, Buffer.from([0x81, 0, 0, 0x80]), Buffer.alloc(blockBytes, index + 1))]),
  );
  return Buffer.concat([head, ...body]);
}

/** Cuts bytes into pieces of `size` (as MediaRecorder cuts its stream every 10 s, anywhere). */
function pieces(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

// ---- the app against fake transcription and chat servers on loopback ----

let t: TestApp;
let transcription: FakeTranscription;
let model: FakeChatModel;
const LIMIT_BYTES = Math.floor(0.05 * 1024 * 1024);

beforeAll(async () => {
  [transcription, model] = await Promise.all([startFakeTranscription(), startFakeChatModel()]);
  t = await createTestApp({
    env: {
      TRANSCRIPTION_BASE_URL: transcription.url,
      TRANSCRIPTION_API_KEY: 'tr-key',
      TRANSCRIPTION_MODEL: 'whisper-test',
      TRANSCRIPTION_MAX_UPLOAD_MB: '0.05',
      AI_BASE_URL: model.url,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_SECONDS: '5',
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([transcription.close(), model.close()]);
});
beforeEach(() => {
  transcription.reset();
  model.reset();
  model.behave({ reply: (body) => (isScribeDraftRequest(body) ? scribeDraftReply(body) : 'não é um pedido de rascunho') });
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; cookie: string; payload?: object; body?: Buffer; type?: string };
function call({ method, url, cookie, payload, body, type }: Call) {
  return t.request({
    method,
    url,
    headers: { cookie, ...(body ? { 'content-type': type ?? 'audio/webm;codecs=opus' } : {}) },
    ...(payload ? { payload } : body ? { payload: body } : {}),
  });
}

async function setup() {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await newPatient(t, { owner: user, firstName: 'Ana', lastName: 'Souza' });
  const record = await newRecord(t, { owner: user, patient, name: 'Sessão de 10/03', content: '<p>Antes</p>' });
  return { user, cookie, patient, record };
}

async function start(cookie: string, recordId: string): Promise<Recording> {
  const response = await call({ method: 'POST', url: `/v1/records/${recordId}/recordings`, cookie, payload: { consent: true } });
  expect(response.statusCode).toBe(201);
  return response.json().data.recording as Recording;
}

async function upload(cookie: string, id: string, chunks: readonly Buffer[], from = 0): Promise<void> {
  for (const [index, chunk] of chunks.entries()) {
    const response = await call({ method: 'PUT', url: `/v1/recordings/${id}/chunks/${from + index}`, cookie, body: chunk });
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function settled(cookie: string, id: string): Promise<Recording> {
  await t.app.jobs.idle(20_000);
  return (await call({ method: 'GET', url: `/v1/recordings/${id}`, cookie })).json().data.recording as Recording;
}

/** A recording finished and drafted: two streams (the page was reloaded once), the first long enough to be split. */
async function readyRecording(cookie: string, recordId: string) {
  const first = webm(8, 15_000);
  const second = webm(2, 1_000);
  transcription.behave({ reply: timedByClusters });
  const recording = await start(cookie, recordId);
  const chunks = [...pieces(first, 40_000), second];
  await upload(cookie, recording.id, chunks);
  const finished = await call({ method: 'POST', url: `/v1/recordings/${recording.id}/finish`, cookie, payload: { chunkCount: chunks.length } });
  expect(finished.statusCode).toBe(202);
  expect(finished.json().data.recording.status).toBe('transcribing');
  return { recording: await settled(cookie, recording.id), chunks };
}

/** The expiry (seconds) of each job queued for the recording, oldest first. */
async function jobExpiries(recordingId: string): Promise<number[]> {
  const { rows } = await t.database.sql.executeSql(
    `select extract(epoch from expire_in)::int as seconds, created_on from pgboss.job where name = 'recordings.process' and singleton_key = $1
     union all select extract(epoch from expire_in)::int, created_on from pgboss.archive where name = 'recordings.process' and singleton_key = $1
     order by created_on`,
    [recordingId],
  );
  return (rows as Array<{ seconds: number }>).map((row) => Number(row.seconds));
}

async function chunkKeys(recordingId: string): Promise<string[]> {
  const rows = await t.database.db.select({ key: recordingChunks.fileKey }).from(recordingChunks).where(eq(recordingChunks.recordingId, recordingId));
  return rows.map((row) => row.key);
}

/** Two segments over as many seconds as the file has clusters (one a second), like a real server would time them. */
function timedByClusters(file: { bytes: Buffer }, index: number) {
  const duration = file.bytes.toString('hex').split('1f43b675').length - 1;
  return {
    duration,
    segments: [
      { start: 0, end: duration / 2, text: `Trecho ${index + 1}, primeira parte.` },
      { start: duration / 2, end: duration, text: `Trecho ${index + 1}, segunda parte.` },
    ],
  };
}

describe('recording a session', () => {
  it('starts only with the patient’s consent, keeping its time', async () => {
    const { cookie, record } = await setup();
    for (const payload of [{}, { consent: false }]) {
      const refused = await call({ method: 'POST', url: `/v1/records/${record.id}/recordings`, cookie, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(failure(400, r.errors.consentRequired));
    }
    const before = Date.now();
    const recording = await start(cookie, record.id);
    expect(recording).toMatchObject({ status: 'recording', recordId: record.id, chunkCount: 0, transcript: null, draft: null });
    expect(Date.parse(recording.consentedAt)).toBeGreaterThanOrEqual(before - 1000);
    const listed = await call({ method: 'GET', url: `/v1/records/${record.id}/recordings`, cookie });
    expect(listed.json().data).toMatchObject({ transcriptionEnabled: true, recordings: [{ id: recording.id, status: 'recording' }] });
    // One recording at a time per record: a reloaded page resumes the listed one.
    const second = await call({ method: 'POST', url: `/v1/records/${record.id}/recordings`, cookie, payload: { consent: true } });
    expect(second.json()).toEqual(failure(409, r.errors.alreadyRecording));
  });

  it('stores the chunks, refuses what is not audio or too large, and finds a missing chunk before finishing', async () => {
    const { cookie, record } = await setup();
    const recording = await start(cookie, record.id);
    const url = (n: number) => `/v1/recordings/${recording.id}/chunks/${n}`;
    await upload(cookie, recording.id, [Buffer.from('primeiro')]);
    const third = await call({ method: 'PUT', url: url(2), cookie, body: Buffer.from('terceiro') });
    expect(third.json().data.recording.chunkCount).toBe(2);

    const tooLarge = await call({ method: 'PUT', url: url(3), cookie, body: Buffer.alloc(5 * 1024 * 1024 + 1) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ ...failure(413, r.errors.chunkTooLarge), code: 'RECORDING_CHUNK_TOO_LARGE' });
    // Only the chunk has that message: a JSON body over the general limit keeps the general one.
    const hugeFinish = await call({ method: 'POST', url: `/v1/recordings/${recording.id}/finish`, cookie, payload: { chunkCount: 1, x: 'x'.repeat(2 * 1024 * 1024) } });
    expect(hugeFinish.json()).toEqual({ ...failure(413, messages.errors.bodyTooLarge), code: 'BODY_TOO_LARGE' });
    const notAudio = await call({ method: 'PUT', url: url(3), cookie, body: Buffer.from('{}'), type: 'application/json' });
    expect(notAudio.statusCode).toBe(415);
    const empty = await call({ method: 'PUT', url: url(3), cookie, body: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect((await call({ method: 'PUT', url: `/v1/recordings/${recording.id}/chunks/abc`, cookie, body: Buffer.from('x') })).statusCode).toBe(400);

    const finish = (payload?: object) => call({ method: 'POST', url: `/v1/recordings/${recording.id}/finish`, cookie, ...(payload ? { payload } : {}) });
    expect((await finish()).json()).toEqual(failure(409, r.errors.chunkMissing(1)));
    await upload(cookie, recording.id, [Buffer.from('segundo')], 1);
    // The browser says it sent 4: the last one is missing too.
    expect((await finish({ chunkCount: 4 })).json()).toEqual(failure(409, r.errors.chunkMissing(3)));
    // A chunk sent again replaces the one stored (its old object and row go).
    const before = await storedFiles(t);
    await upload(cookie, recording.id, [Buffer.from('segundo, de novo')], 1);
    expect((await storedFiles(t)).length).toBe(before.length);
    expect((await finish({ chunkCount: 3 })).statusCode).toBe(202);
    const late = await call({ method: 'PUT', url: url(3), cookie, body: Buffer.from('tarde') });
    expect(late.json()).toEqual(failure(409, r.errors.notRecording));
    await t.app.jobs.idle(20_000);
  });

  it('transcribes (split under the server’s limit), drafts sentences that cite segments, and is in the access log and the export', async () => {
    const { cookie, record, patient } = await setup();
    const { recording, chunks } = await readyRecording(cookie, record.id);
    expect(recording.status).toBe('ready');

    // Each request: multipart with the model, Portuguese, verbose_json, a WebM under the limit that parses alone.
    expect(transcription.requests).toHaveLength(4);
    for (const request of transcription.requests) {
      expect(request.fields).toMatchObject({ model: 'whisper-test', language: 'pt', response_format: 'verbose_json' });
      expect(request.headers.authorization).toBe('Bearer tr-key');
      expect(request.file.bytes.length).toBeLessThanOrEqual(LIMIT_BYTES);
    }
    // The split parts are finished WebM files that music-metadata reads; the short second stream
    // goes as the browser wrote it (live: sizes unknown, which music-metadata cannot read).
    const splitParts = transcription.requests.slice(0, -1);
    expect(splitParts).toHaveLength(3);
    for (const request of splitParts) {
      const parsed = await parseBuffer(request.file.bytes, { mimeType: 'audio/webm' });
      expect(parsed.format.container).toMatch(/webm/i);
      expect(parsed.format.codec).toMatch(/opus/i);
    }
    // Every block sent exactly once, in order, across the parts of the first stream.
    const blocksIn = (bytes: Buffer) =>
      [1, 2, 3, 4, 5, 6, 7, 8]
        .map((fill) => ({ fill, at: bytes.indexOf(Buffer.alloc(1000, fill)) }))
        .filter((block) => block.at >= 0)
        .sort((a, b) => a.at - b.at)
        .map((block) => block.fill);
    const sentBlocks = transcription.requests.flatMap((request) => blocksIn(request.file.bytes));
    expect(sentBlocks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1, 2]);

    // Segments on one clock: each part starts at its first cluster's time, the second stream after the first.
    const segments = recording.transcript!.segments;
    expect(segments.map((segment) => segment.id)).toEqual(segments.map((_, index) => index + 1));
    expect(segments.every((segment, index) => index === 0 || segment.start >= segments[index - 1]!.start)).toBe(true);
    expect(segments[2]!.start).toBeGreaterThan(0);
    expect(recording.durationSeconds).toBe(10);
    // The audio plays as two files (the chunks of each stream, in order), the second from 8 s on.
    expect(recording.audio.map((stream) => ({ ...stream, fileKeys: stream.fileKeys.length }))).toEqual([
      { startSeconds: 0, fileKeys: chunks.length - 1 },
      { startSeconds: 8, fileKeys: 1 },
    ]);

    // The draft follows the default template; cited ids exist; a sentence without any is marked.
    const draft = recording.draft!.sections;
    expect(recording.noteTemplateName).toBe('Evolução (CFP 001/2009)');
    expect(draft.map((section) => section.title)).toEqual(['Demanda e objetivos do trabalho', 'Procedimentos técnico-científicos adotados', 'Evolução', 'Encaminhamento ou encerramento']);
    const first = draft[0]!.sentences;
    expect(first).toHaveLength(segments.length);
    expect(first[0]).toEqual({ text: `Relato: ${segments[0]!.text}`, segmentIds: [1], needsCheck: false });
    expect(draft[3]!.sentences).toEqual([
      { text: 'Seguir acompanhando o sono na próxima sessão.', segmentIds: [], needsCheck: true },
      { text: 'Avaliar encaminhamento para outro profissional.', segmentIds: [], needsCheck: true },
    ]);
    const prompt = JSON.stringify(model.requests.at(-1)!.body.messages);
    expect(prompt).toContain(`[1] (00:00) ${segments[0]!.text}`);

    // The job may run as long as its work can take: every part's transcription timeout (600 s by
    // default) and the draft's, beyond the queue's 300 s, but not for ever (pg-boss: under a day).
    const [expiry] = await jobExpiries(recording.id);
    expect(expiry).toBeGreaterThanOrEqual(300 + transcription.requests.length * 600 + 2 * 5);
    expect(expiry).toBeLessThanOrEqual(300 + 3 * transcription.requests.length * 600 + 2 * 5);

    const logged = await t.database.db.select().from(accessLog).where(and(eq(accessLog.patientId, patient.id), eq(accessLog.entityType, 'recording')));
    expect(new Set(logged.map((entry) => entry.action))).toEqual(new Set(['create', 'update', 'read']));

    const zip = await call({ method: 'GET', url: `/v1/patients/${patient.id}/export`, cookie });
    const entries = await zipEntries(zip.rawPayload);
    const summary = JSON.parse(entries.get('paciente.json')!.toString('utf8')) as { recordings: Array<{ id: string; audio: string[]; transcript: unknown }> };
    expect(summary.recordings).toHaveLength(1);
    expect(summary.recordings[0]).toMatchObject({ id: recording.id, transcript: { segments } });
    expect(summary.recordings[0]!.audio).toHaveLength(chunks.length);
    expect(Buffer.concat(summary.recordings[0]!.audio.map((path) => entries.get(path)!))).toEqual(Buffer.concat(chunks));
  });

  it('accepting writes a new version of the record and leaves no audio in storage', async () => {
    const { cookie, record } = await setup();
    const { recording } = await readyRecording(cookie, record.id);
    const keys = await chunkKeys(recording.id);
    expect(keys.length).toBeGreaterThan(0);
    expect(await storedFiles(t)).toEqual(expect.arrayContaining(keys));

    const content = 'Demanda e objetivos do trabalho\nPaciente relata sono ruim & cansaço.\n\nEvolução\nMelhora com <exercícios>.';
    const accepted = await call({ method: 'POST', url: `/v1/recordings/${recording.id}/accept`, cookie, payload: { content } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(r.accepted);
    const saved = accepted.json().data.record;
    expect(saved.version).toBe(record.version + 1);
    expect(saved.content).toBe('<h2>Demanda e objetivos do trabalho</h2><p>Paciente relata sono ruim &amp; cansaço.</p><h2>Evolução</h2><p>Melhora com &lt;exercícios&gt;.</p>');
    const versions = await t.database.db.select().from(recordVersions).where(eq(recordVersions.recordId, record.id));
    expect(versions.some((version) => version.content === saved.content)).toBe(true);

    const stored = await storedFiles(t);
    for (const key of keys) expect(stored).not.toContain(key);
    const after = (await call({ method: 'GET', url: `/v1/recordings/${recording.id}`, cookie })).json().data.recording as Recording;
    expect(after).toMatchObject({ hasAudio: false, chunkCount: 0, transcript: null, draft: null, status: 'ready' });
    expect(after.acceptedAt).not.toBeNull();
    const again = await call({ method: 'POST', url: `/v1/recordings/${recording.id}/accept`, cookie, payload: { content } });
    expect(again.json()).toEqual(failure(409, r.errors.alreadyAccepted));
  });

  it('keeps the transcript when asked, and DELETE removes audio and transcript at once', async () => {
    const { cookie, record } = await setup();
    const { recording } = await readyRecording(cookie, record.id);
    const kept = await call({ method: 'POST', url: `/v1/recordings/${recording.id}/accept`, cookie, payload: { content: 'Texto', keepTranscript: true } });
    expect(kept.statusCode).toBe(200);
    const after = (await call({ method: 'GET', url: `/v1/recordings/${recording.id}`, cookie })).json().data.recording as Recording;
    expect(after.transcript?.segments.length).toBeGreaterThan(0);

    const other = await start(cookie, record.id);
    await upload(cookie, other.id, [webm(1, 100)]);
    const keys = await chunkKeys(other.id);
    expect((await call({ method: 'DELETE', url: `/v1/recordings/${other.id}`, cookie })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `/v1/recordings/${other.id}`, cookie })).statusCode).toBe(404);
    const stored = await storedFiles(t);
    expect(keys.filter((key) => stored.includes(key))).toEqual([]);
  });

  it('deleting the record, or the patient, deletes its recordings, their audio in storage and their transcripts', async () => {
    const { user, cookie, patient, record } = await setup();
    const { recording } = await readyRecording(cookie, record.id);
    const live = await start(cookie, record.id);
    await upload(cookie, live.id, [webm(1, 100), Buffer.from('mais')]);
    const keys = [...(await chunkKeys(recording.id)), ...(await chunkKeys(live.id))];
    expect(keys.length).toBeGreaterThan(2);
    expect(await storedFiles(t)).toEqual(expect.arrayContaining(keys));

    expect((await call({ method: 'DELETE', url: `/v1/records/${record.id}`, cookie })).statusCode).toBe(200);
    const stored = await storedFiles(t);
    expect(keys.filter((key) => stored.includes(key))).toEqual([]);
    for (const key of keys) expect(await fileRow(t, key)).toBeUndefined();
    expect(await t.database.db.select().from(recordings).where(eq(recordings.recordId, record.id))).toEqual([]);
    expect((await call({ method: 'GET', url: `/v1/recordings/${recording.id}`, cookie })).statusCode).toBe(404);
    // A chunk still on its way finds the recording gone and leaves nothing behind.
    const late = await call({ method: 'PUT', url: `/v1/recordings/${live.id}/chunks/2`, cookie, body: Buffer.from('tarde') });
    expect(late.statusCode).toBe(404);
    expect((await storedFiles(t)).length).toBe(stored.length);

    // The patient: every record's recordings and audio go with them.
    const other = await newRecord(t, { owner: user, patient, name: 'Outra sessão', content: '<p>x</p>' });
    const second = await start(cookie, other.id);
    await upload(cookie, second.id, [webm(1, 100)]);
    const secondKeys = await chunkKeys(second.id);
    const removed = await call({ method: 'DELETE', url: `/v1/patients/${patient.id}`, cookie, payload: { confirmName: 'Ana Souza' } });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await storedFiles(t);
    expect(secondKeys.filter((key) => left.includes(key))).toEqual([]);
    expect(await t.database.db.select().from(recordings).where(eq(recordings.patientId, patient.id))).toEqual([]);
  });

  it('a transcription server that fails leaves the audio and the state failed; retry finishes the work', async () => {
    const { cookie, record } = await setup();
    transcription.behave({ failTimes: 1, failStatus: 503 });
    const recording = await start(cookie, record.id);
    await upload(cookie, recording.id, [webm(2, 100)]);
    await call({ method: 'POST', url: `/v1/recordings/${recording.id}/finish`, cookie });
    const failed = await settled(cookie, recording.id);
    expect(failed).toMatchObject({ status: 'failed', failure: r.errors.transcriptionFailed, hasAudio: true, chunkCount: 1, transcript: null });
    expect((await call({ method: 'POST', url: `/v1/recordings/${recording.id}/accept`, cookie, payload: { content: 'x' } })).json()).toEqual(
      failure(409, r.errors.notReady),
    );

    // The chat model fails next: the transcript is kept, and retrying only drafts.
    model.behave({ failTimes: 10, retryAfterMs: 10 });
    const retried = await call({ method: 'POST', url: `/v1/recordings/${recording.id}/retry`, cookie });
    expect(retried.statusCode).toBe(202);
    expect(retried.json().data.recording.status).toBe('transcribing');
    const draftFailed = await settled(cookie, recording.id);
    expect(draftFailed).toMatchObject({ status: 'failed', failure: r.errors.draftFailed });
    expect(draftFailed.transcript?.segments).toHaveLength(2);

    model.behave({ reply: scribeDraftReply });
    const requestsBefore = transcription.requests.length;
    expect((await call({ method: 'POST', url: `/v1/recordings/${recording.id}/retry`, cookie })).json().data.recording.status).toBe('drafting');
    const ready = await settled(cookie, recording.id);
    // One short stream: one part's timeout and the draft's; the retry that only drafts, the draft's alone.
    expect(await jobExpiries(recording.id)).toEqual([300 + 2 * 600 + 10, 300 + 2 * 600 + 10, 300 + 10]);
    expect(ready.status).toBe('ready');
    expect(transcription.requests.length).toBe(requestsBefore);
    expect(ready.draft!.sections[0]!.sentences.map((sentence) => sentence.segmentIds)).toEqual([[1], [2]]);
    expect((await call({ method: 'POST', url: `/v1/recordings/${recording.id}/retry`, cookie })).json()).toEqual(failure(409, r.errors.notFailed));
  });

  it("'Refazer rascunho' writes the draft again in the note template chosen, and refuses another's template, a draft not ready and bad input", async () => {
    const { cookie, record } = await setup();
    const { recording } = await readyRecording(cookie, record.id);
    const listed = (await call({ method: 'GET', url: '/v1/users/me/note-templates', cookie })).json().data as {
      noteTemplates: Array<{ id: string; name: string; headings: string[] }>;
      defaultNoteTemplateId: string;
    };
    const other = listed.noteTemplates.find((template) => template.id !== listed.defaultNoteTemplateId && template.headings.length > 0)!;
    const redraft = (payload: object, who = cookie, id = recording.id) => call({ method: 'POST', url: `/v1/recordings/${id}/redraft`, cookie: who, payload });

    for (const payload of [{}, { noteTemplateId: 'modelo' }, { noteTemplateId: 42 }]) {
      const refused = await redraft(payload);
      expect([refused.statusCode, refused.json().message]).toEqual([400, r.errors.noteTemplateRequired]);
    }
    const stranger = await newSignedInUser(t);
    const theirs = await call({ method: 'POST', url: '/v1/users/me/note-templates', cookie: stranger.cookie, payload: { name: 'Meu modelo', headings: ['Queixa'] } });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const foreign = await redraft({ noteTemplateId: theirs.json().data.noteTemplate.id });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, messages.errors.noteTemplateNotFound]);
    expect((await redraft({ noteTemplateId: other.id }, stranger.cookie)).statusCode).toBe(404);

    const asked = await redraft({ noteTemplateId: other.id });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ data: { recording: { status: 'drafting', noteTemplateId: other.id } }, message: r.redrafting });
    const redrafted = await settled(cookie, recording.id);
    expect(redrafted).toMatchObject({ status: 'ready', noteTemplateId: other.id, noteTemplateName: other.name });
    expect(redrafted.draft!.sections.map((section) => section.title)).toEqual(other.headings);

    // Only a ready draft: not one still recording.
    const ongoing = await start(cookie, record.id);
    const early = await redraft({ noteTemplateId: other.id }, cookie, ongoing.id);
    expect([early.statusCode, early.json().message]).toEqual([409, r.errors.notReady]);
  });

  it('answers 404 for another professional’s record or recording', async () => {
    const { cookie, record } = await setup();
    const recording = await start(cookie, record.id);
    await upload(cookie, recording.id, [Buffer.from('audio')]);
    const stranger = await newSignedInUser(t);
    const other = stranger.cookie;
    const id = recording.id;
    const attempts: Call[] = [
      { method: 'GET', url: `/v1/records/${record.id}/recordings`, cookie: other },
      { method: 'POST', url: `/v1/records/${record.id}/recordings`, cookie: other, payload: { consent: true } },
      { method: 'GET', url: `/v1/recordings/${id}`, cookie: other },
      { method: 'PUT', url: `/v1/recordings/${id}/chunks/1`, cookie: other, body: Buffer.from('x') },
      { method: 'POST', url: `/v1/recordings/${id}/finish`, cookie: other },
      { method: 'POST', url: `/v1/recordings/${id}/retry`, cookie: other },
      { method: 'POST', url: `/v1/recordings/${id}/accept`, cookie: other, payload: { content: 'x' } },
      { method: 'POST', url: `/v1/recordings/${id}/redraft`, cookie: other, payload: { noteTemplateId: record.id } },
      { method: 'DELETE', url: `/v1/recordings/${id}`, cookie: other },
    ];
    for (const attempt of attempts) expect((await call(attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    const mine = (await call({ method: 'GET', url: `/v1/recordings/${id}`, cookie })).json().data.recording as Recording;
    expect(mine).toMatchObject({ status: 'recording', chunkCount: 1 });
  });
});

