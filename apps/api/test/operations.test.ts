// The request id (headers, error answers, log lines) and /metrics with METRICS_TOKEN set.
// /healthz, /readyz and /metrics without the token: health-docs.test.ts; shutdown: shutdown.test.ts.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';
import { createTestApp, type TestApp } from './helpers/build-app';
import { libraryAssistant, newChat } from './factories/chats';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const e = messages.errors;

/** Every line the app logged, parsed. */
class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

let t: TestApp;
let model: FakeChatModel;
const logs = new LogLines();
beforeAll(async () => {
  model = await startFakeChatModel();
  t = await createTestApp({
    env: { METRICS_TOKEN, AI_BASE_URL: model.url, AI_MODEL: 'fake-model', AI_TIMEOUT_SECONDS: '5' },
    logStream: logs,
    // A job that logs through the app's logger, as the services a job calls do.
    beforeReady: (app) =>
      app.jobs.define<{ marker: string }>('test.logs', {
        handle: async (job) => {
          app.log.info({ marker: job.data.marker }, 'inside a test job');
        },
      }),
  });
});
afterAll(async () => {
  await t.close();
  await model.close();
});

const unauthorized = () => t.request({ method: 'GET', url: '/v1/users/me' });

describe('the request id', () => {
  it('is made for each request and sent back in the header and in the error answer', async () => {
    const first = await unauthorized();
    const second = await unauthorized();
    expect(first.statusCode).toBe(401);
    const id = first.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(first.json()).toEqual({ status: 401, code: 'UNAUTHORIZED', data: null, message: e.unauthorized, requestId: id });
    expect(second.headers['x-request-id']).not.toBe(id);
  });

  it('is the one a proxy sent when it looks sane', async () => {
    const sent = 'proxy-7f3a.2:abc_01';
    const response = await t.request({ method: 'GET', url: '/v1/users/me', headers: { 'x-request-id': sent } });
    expect(response.headers['x-request-id']).toBe(sent);
    expect(response.json().requestId).toBe(sent);
  });

  it.each([
    ['with a space', 'a b'],
    ['too long', 'x'.repeat(129)],
    ['with a slash', 'a/b'],
    ['JSON', '{"id":1}'],
    ['HTML', '<script>'],
  ])('replaces one %s by a new one', async (_case, sent) => {
    const response = await t.request({ method: 'GET', url: '/v1/users/me', headers: { 'x-request-id': sent } });
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  });

  it('is in a validation failure, and in the header of an answer that succeeds', async () => {
    const invalid = await t.request({ method: 'POST', url: '/v1/users/users-sessions', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ status: 400, data: null, requestId: invalid.headers['x-request-id'] });
    expect((await t.request({ method: 'GET', url: '/healthz' })).headers['x-request-id']).toMatch(UUID);
  });

  it("names the request in Fastify's lines and in those the services write meanwhile", async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const chat = await newChat(t, { owner: user, patient, assistant: await libraryAssistant(t, 'apoio-clinico') });
    // The model fails (and fails the retry): the chat's service logs it through the app's logger.
    model.behave({ failTimes: 5, failStatus: 500, retryAfterMs: 10 });
    const response = await t.request({ method: 'POST', url: `/v1/chats/${chat.id}/send-text`, headers: { cookie }, payload: { userText: 'Olá' } });
    model.reset();
    expect(response.statusCode).toBe(503);
    const id = response.json().requestId as string;
    expect(id).toBe(response.headers['x-request-id']);
    const lines = logs.lines.filter((line) => line.reqId === id).map((line) => line.msg);
    // One line of Fastify's per request (platform/request-log.ts), written once it is answered.
    expect(lines).toEqual(expect.arrayContaining(['the AI model failed', 'request completed']));
    // No line of that request without its id.
    expect(logs.lines.filter((line) => line.msg === 'the AI model failed' && line.reqId === undefined)).toEqual([]);
  });

  it("gives way to the job's id in the lines written while a background job runs", async () => {
    const marker = randomUUID();
    await t.app.jobs.send('test.logs', { marker });
    await t.app.jobs.idle();
    const line = logs.lines.find((entry) => entry.marker === marker);
    expect(line).toMatchObject({ msg: 'inside a test job', job: 'test.logs', jobId: expect.stringMatching(UUID) });
    expect(line).not.toHaveProperty('reqId');
  });
});

describe('/metrics with METRICS_TOKEN set', () => {
  const metrics = (authorization?: string) =>
    t.request({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-tests-0123456780'],
    ['a prefix of the token', 'Bearer metrics-token'],
    ['the token under another scheme', `Basic ${METRICS_TOKEN}`],
    ['the bare token', METRICS_TOKEN],
  ])('answers 401 in Portuguese to %s', async (_case, authorization) => {
    const response = await metrics(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.json()).toEqual({ status: 401, data: null, message: e.metricsUnauthorized, code: expect.any(String), requestId: expect.any(String) });
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('serves the Prometheus text to the bearer of the token, however often it was refused before', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) await metrics('Bearer wrong');
    const response = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(response.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('times answers by route pattern and status, never by the address asked', async () => {
    const { cookie } = await newSignedInUser(t);
    const missingId = randomUUID();
    expect((await t.request({ method: 'GET', url: `/v1/patients/${missingId}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/v1/nothing-here/${missingId}` })).statusCode).toBe(404);
    const text = (await metrics(`Bearer ${METRICS_TOKEN}`)).body;
    const counts = text.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_count{'));
    const count = (route: string, status: number) =>
      counts.find((line) => line.includes(`route="${route}"`) && line.includes(`status_code="${status}"`) && line.includes('method="GET"'));
    expect(count('/v1/patients/:id', 404)).toMatch(/ [1-9]\d*$/);
    expect(count('unmatched', 404)).toMatch(/ [1-9]\d*$/);
    expect(count('/metrics', 401)).toMatch(/ [1-9]\d*$/);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/v1\/patients\/:id".*\} \d+$/m);
    expect(text).not.toContain(missingId);
  });

  it("counts the job queue's unfinished jobs by kind and state", async () => {
    const depth = async (queue: string, state: string) => {
      const text = (await metrics(`Bearer ${METRICS_TOKEN}`)).body;
      const line = text.split('\n').find((entry) => entry.startsWith(`consultorio_job_queue_depth{queue="${queue}",state="${state}"}`));
      return line === undefined ? undefined : Number(line.split(' ').at(-1));
    };
    await t.app.jobs.idle();
    expect(await depth('test.logs', 'scheduled')).toBe(0);
    // Kinds the app defines are listed even when empty.
    expect(await depth('mail.registration-link', 'pending')).toBe(0);
    await t.app.jobs.send('test.logs', { marker: 'later' }, { startAfter: new Date(Date.now() + 3_600_000) });
    await t.app.jobs.send('test.logs', { marker: 'later too' }, { startAfter: new Date(Date.now() + 3_600_000) });
    expect(await depth('test.logs', 'scheduled')).toBe(2);
    expect(await depth('test.logs', 'running')).toBe(0);
  });
});
