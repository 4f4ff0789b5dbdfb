// Two replicas of the built server (apps/api/dist/main.js, as the container runs it), started
// together on one empty PostgreSQL database, sharing an S3 bucket, a mail server and a model:
// one user goes back and forth between them, and everything behaves as with one instance.
// PostgreSQL only (the embedded PGlite lives inside one process).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiIfNeeded } from '../../../scripts/build-if-needed.mjs';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';
import { deltasOf, parseEvents, type StreamEvent } from './factories/chats';
import { testDriver } from './helpers/database';
import { adminQuery, databaseUrl } from './helpers/postgres-template';
import { linkToken, TestSmtpServer } from './helpers/smtp';

const mainScript = path.resolve(import.meta.dirname, '../dist/main.js');
const STARTUP_TIMEOUT_MS = 40_000;

/** One running server process and the address it listens on. */
interface Replica {
  name: string;
  url: string;
  child: ChildProcess;
  /** Its output so far, shown when something fails. */
  log: () => string;
}

function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, [mainScript], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stderr.on('data', keep);
  child.stdout.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
    let startup = '';
    const findAddress = (chunk: Buffer) => {
      startup += chunk.toString();
      // Fastify's own log line (JSON), with the port the system chose for PORT=0; the closing
      // quote makes sure a chunk that ends inside the number is not taken for all of it.
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(startup);
      if (!listening) return;
      clearTimeout(timer);
      child.stdout.off('data', findAddress);
      resolve({ name, url: listening[1]!, child, log: () => output });
    };
    child.stdout.on('data', findAddress);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code} while starting:\n${output}`));
    });
  });
}

/** SIGTERM, as `docker stop` sends it, and the exit that follows. */
async function stopReplica(replica: Replica | undefined): Promise<void> {
  if (!replica || replica.child.exitCode !== null) return;
  const exited = new Promise((resolve) => replica.child.once('exit', resolve));
  replica.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
}

interface Answer {
  status: number;
  body: { status: number; data: unknown; message: string | null } & Record<string, unknown>;
  cookie: string | undefined;
}

async function call(replica: Replica, method: string, url: string, options: { cookie?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const body = options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  const response = await fetch(`${replica.url}${url}`, { method, headers, body });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  return { status: response.status, body: (await response.json()) as Answer['body'], cookie: session?.split(';')[0] };
}

/** Reads a server-sent-events answer as it arrives: the events, and how many reads brought them. */
async function readStream(response: Response): Promise<{ events: StreamEvent[]; reads: number }> {
  const decoder = new TextDecoder();
  let text = '';
  let reads = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    reads += 1;
  }
  return { events: parseEvents(text), reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testDriver === 'postgres')('two replicas of the built server on one PostgreSQL database', () => {
  const databaseName = `consultorio_replicas_${randomBytes(6).toString('hex')}`;
  let s3: S3rver;
  let smtp: TestSmtpServer;
  let model: FakeChatModel;
  let scratch: string;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    buildApiIfNeeded();
    scratch = await mkdtemp(path.join(tmpdir(), 'consultorio-replicas-'));
    // An empty database: both replicas migrate it as they start, as a fresh deployment does.
    await adminQuery(`create database ${databaseName}`);
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(scratch, 's3'), configureBuckets: [{ name: 'consultorio', configs: [] }] });
    const s3Address: AddressInfo = await s3.run();
    smtp = new TestSmtpServer();
    await smtp.start();
    model = await startFakeChatModel();
    const shared = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://consultorio.test',
      DATABASE_URL: databaseUrl(databaseName),
      S3_BUCKET: 'consultorio',
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: smtp.url,
      AI_BASE_URL: model.url,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_SECONDS: '20',
      JOB_POLL_SECONDS: '0.5',
      REMINDER_SCAN_SECONDS: '0',
    };
    const own = (name: string) => ({ ...shared, DATA_DIR: path.join(scratch, name), WEB_DIST: path.join(scratch, 'no-web-app') });
    [a, b] = await Promise.all([startReplica('A', own('a')), startReplica('B', own('b'))]);
  });

  afterAll(async () => {
    await Promise.all([stopReplica(a), stopReplica(b)]);
    await model?.close();
    await smtp?.close();
    await s3?.close();
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const user = { username: 'replicada', email: 'replicada@example.com', firstName: 'Rita', lastName: 'Réplica', password: 'Senha123' };
  let cookie = '';

  it('registers on A, mails the link exactly once from the shared queue, confirms on B', async () => {
    const registered = await call(a, 'POST', '/v1/users/registrations', { json: user });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const mail = await smtp.waitFor(user.email, 0, 10_000);
    // Both replicas poll the queue every half second: give the other one several chances to send it again.
    await sleep(2_000);
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
    const confirmed = await call(b, 'POST', '/v1/users/registrations/confirm', { json: { confirmationToken: linkToken(mail) } });
    expect(confirmed.body.message).toBe(messages.confirmation.registrationConfirmed);
  });

  it('keeps a session started on A valid on B', async () => {
    const login = await call(a, 'POST', '/v1/users/users-sessions', { json: { username: user.username, password: user.password } });
    expect(login.status).toBe(200);
    cookie = login.cookie!;
    expect(cookie).toMatch(/^sid=/);
    const me = await call(b, 'GET', '/v1/users/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ user: { username: user.username } });
  });

  it('serves from B a file uploaded to A', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
    const uploaded = await call(a, 'PUT', '/v1/users/me/avatar', { cookie, form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const key = (uploaded.body.data as { user: { avatarExternalKey: string } }).user.avatarExternalKey;
    const [fromA, fromB] = await Promise.all(
      [a, b].map(async (replica) => {
        const response = await fetch(`${replica.url}/v1/files/${key}`, { headers: { cookie } });
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(fromB!.subarray(8, 12).toString()).toBe('WEBP');
    expect(fromB!.equals(fromA!)).toBe(true);
  });

  it('streams an answer from A and shows the stored thread on B', async () => {
    const patient = await call(b, 'POST', '/v1/users/me/patients', { cookie, json: { firstName: 'Paula' } });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const patientId = (patient.body.data as { patient: { id: string } }).patient.id;
    const assistants = await call(a, 'GET', '/v1/users/me/ai-assistants', { cookie });
    const [assistant] = (assistants.body.data as { aiAssistants: Array<{ id: string }> }).aiAssistants;
    const created = await call(b, 'POST', `/v1/patients/${patientId}/chats`, { cookie, json: { name: 'Entre réplicas', aiAssistantId: assistant!.id } });
    expect(created.status).toBe(201);
    const chatId = (created.body.data as { chat: { id: string } }).chat.id;

    const reply = 'Uma resposta escrita aos poucos por uma réplica e lida pela outra.';
    model.behave({ reply, chunkDelayMs: 80 });
    const response = await fetch(`${a.url}/v1/chats/${chatId}/send-text/stream`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ userText: 'Como seguir com a Paula?' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const { events, reads } = await readStream(response);
    expect(deltasOf(events).join('')).toBe(reply);
    // The pieces arrived as they were written, not as one buffered body.
    expect(reads).toBeGreaterThan(1);
    expect(events.at(-1)?.event).toBe('done');

    const thread = await call(b, 'GET', `/v1/chats/${chatId}`, { cookie });
    const stored = (thread.body.data as { chatsMessages: Array<{ sender: string; content: { text?: string } }> }).chatsMessages;
    expect(stored.map((message) => [message.sender, message.content.text])).toEqual([
      ['user', 'Como seguir com a Paula?'],
      ['other', reply],
    ]);
  });

  it('ends on A a session logged out on B', async () => {
    const logout = await call(b, 'DELETE', '/v1/users/users-sessions', { cookie });
    expect(logout.status).toBe(200);
    expect((await call(b, 'GET', '/v1/users/me', { cookie })).status).toBe(401);
    // At once today (every request reads the session row); a replica that caches sessions must
    // hear of the logout within moments, never keep serving the cookie for its cache's lifetime.
    const deadline = Date.now() + 1_000;
    let onA = await call(a, 'GET', '/v1/users/me', { cookie });
    while (onA.status === 200 && Date.now() < deadline) {
      await sleep(50);
      onA = await call(a, 'GET', '/v1/users/me', { cookie });
    }
    expect(onA.status).toBe(401);
  });

  it('counts failed logins on both replicas together: five failures across them lock the account on both', async () => {
    const wrong = { username: user.username, password: 'Errada123' };
    for (const replica of [a, b, a, b, a]) {
      expect((await call(replica, 'POST', '/v1/users/users-sessions', { json: wrong })).status, replica.name).toBe(401);
    }
    expect((await call(b, 'POST', '/v1/users/users-sessions', { json: wrong })).status).toBe(429);
    // Even the right password waits now, on either replica.
    const right = { username: user.username, password: user.password };
    expect((await call(a, 'POST', '/v1/users/users-sessions', { json: right })).status).toBe(429);
    expect((await call(b, 'POST', '/v1/users/users-sessions', { json: right })).status).toBe(429);
  });

  it('stops both replicas cleanly on SIGTERM', async () => {
    await Promise.all([stopReplica(a), stopReplica(b)]);
    expect([a.child.exitCode, b.child.exitCode], `${a.log()}\n${b.log()}`).toEqual([0, 0]);
  });
});
