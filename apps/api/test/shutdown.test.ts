// Graceful shutdown: the app's drain (in this process, on a real port) and SIGTERM on the real
// server (a child process running src/main.ts), with a streamed chat answer in flight.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';
import { openDatabase, type Database } from '../src/db/client';
import { createTestApp } from './helpers/build-app';
import { createTestDatabase, testDriver } from './helpers/database';
import { ServerProcess } from './helpers/server-process';
import { TestSmtpServer } from './helpers/smtp';
import { deltasOf, libraryAssistant, newChat, parseEvents } from './factories/chats';
import { newPatient } from './factories/patients';
import { DEFAULT_PASSWORD, newUser } from './factories/users';

/** A streamed answer of 40 words, one every 100 ms: about 4 s in flight. */
const ANSWER_WORDS = Array.from({ length: 40 }, (_, index) => `palavra${index}`);
const streamingModel = { reply: ANSWER_WORDS.join(' '), chunkDelayMs: 100 };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Whether a new TCP connection to the port is accepted, or the error code it gets. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * A connection the server must not wait for when draining: one kept alive after its answer, or
 * one that has not sent a byte (a browser opens some ahead of need). `closedAt` is when the
 * server closed it.
 */
async function idleConnection(port: number, { answered }: { answered: boolean }): Promise<{ closedAt: Promise<number> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await once(socket, 'connect');
  if (answered) {
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await once(socket, 'data');
  }
  return { closedAt };
}

interface StreamedAnswer {
  /** Resolves once the first piece of the answer has arrived. */
  started: Promise<void>;
  /** The status and the whole body, or the error that ended the connection. */
  finished: Promise<{ status: number; body: string; error?: string }>;
}

/** A streamed chat answer over a kept-alive connection (the server must close it when draining). */
function streamAnswer(base: string, chatId: string, cookie: string, agent: Agent): StreamedAnswer {
  const started = deferred();
  const finished = new Promise<{ status: number; body: string; error?: string }>((resolve) => {
    let body = '';
    let status = 0;
    const request = httpRequest(new URL(`/v1/chats/${chatId}/send-text/stream`, base), {
      method: 'POST',
      agent,
      headers: { cookie, 'content-type': 'application/json' },
    });
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ status, body, error: error.code ?? error.message }));
    request.once('response', (response) => {
      status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        if (body.includes('event: delta')) started.resolve();
      });
      response.once('end', () => resolve({ status, body }));
      response.once('error', (error: NodeJS.ErrnoException) => resolve({ status, body, error: error.code ?? error.message }));
    });
    request.end(JSON.stringify({ userText: 'Olá' }));
  });
  return { started: started.promise, finished };
}

async function jobStates(database: Database, name: string): Promise<string[]> {
  const { rows } = await database.sql.executeSql('select state from pgboss.job where name = $1 order by created_on', [name]);
  return (rows as Array<{ state: string }>).map((row) => row.state);
}

/** A professional with a patient and a chat, straight in the database, and the Cookie header of a session. */
async function chatOf(database: Database) {
  const user = await newUser({ database });
  const patient = await newPatient({ database }, { owner: user });
  const chat = await newChat({ database }, { owner: user, patient, assistant: await libraryAssistant({ database }, 'apoio-clinico') });
  return { user, chat };
}

async function signInOver(base: string, username: string): Promise<string> {
  const response = await fetch(new URL('/v1/users/users-sessions', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEFAULT_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

interface Blocking {
  started: Promise<void>;
  release: () => void;
  finished: boolean;
}

/** A job kind whose job runs until the test releases it. */
function defineBlockingJob(app: FastifyInstance, name: string): Blocking {
  const started = deferred();
  const release = deferred();
  const state: Blocking = { started: started.promise, release: release.resolve, finished: false };
  app.jobs.define(name, {
    handle: async () => {
      started.resolve();
      await release.promise;
      state.finished = true;
    },
  });
  return state;
}

describe('draining the app', () => {
  // Each drain ends its app: the apps of these tests share one database and mail server.
  let shared: { database: Database; smtp: TestSmtpServer };
  let model: FakeChatModel;
  beforeAll(async () => {
    model = await startFakeChatModel({ behavior: streamingModel });
    const smtp = new TestSmtpServer();
    await smtp.start();
    shared = { database: await createTestDatabase(), smtp };
  });
  afterAll(async () => {
    await model.close();
    await shared.smtp.close();
    await shared.database.close();
  });

  it('lets a streamed answer and a running job finish, refuses new connections, answers 503 to readiness and leaves queued jobs', async () => {
    let job!: Blocking;
    const t = await createTestApp({
      shared,
      env: { AI_BASE_URL: model.url, AI_MODEL: 'fake-model' },
      beforeReady: (app) => {
        job = defineBlockingJob(app, 'test.blocking');
      },
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(base).port);
      const { user, chat } = await chatOf(t.database);
      const cookie = await signInOver(base, user.username);
      await t.app.jobs.send('test.blocking', {});
      await job.started;
      const answer = streamAnswer(base, chat.id, cookie, agent);
      await answer.started;

      const drained = t.app.drain(20_000);
      const ready = await t.request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 503, data: null, message: messages.errors.shuttingDown, code: expect.any(String), requestId: expect.any(String) });
      // Answers given meanwhile on open connections send the client elsewhere for the next one.
      expect(ready.headers.connection).toBe('close');
      expect(await connectOutcome(port)).toBe('ECONNREFUSED');
      // Sent meanwhile (a request in flight may queue mail): kept for another instance or the next start.
      await t.app.jobs.send('test.blocking', { late: true });

      const { status, body, error } = await answer.finished;
      expect(error).toBeUndefined();
      expect(status).toBe(200);
      const events = parseEvents(body);
      expect(deltasOf(events).join('')).toBe(ANSWER_WORDS.join(' '));
      expect(events.at(-1)?.event).toBe('done');
      // The answer is complete; the drain still waits for the job.
      expect(await Promise.race([drained.then(() => 'drained'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))])).toBe('waiting');
      job.release();
      expect(await drained).toEqual({ connectionsCut: false });
      expect(job.finished).toBe(true);
      expect(await jobStates(t.database, 'test.blocking')).toEqual(['completed', 'created']);
    } finally {
      job.release();
      agent.destroy();
      await t.close();
    }
  });

  it('cuts what is still running at the deadline: the connection is closed and the job handed back for a retry', async () => {
    let job!: Blocking;
    const t = await createTestApp({
      shared,
      env: { AI_BASE_URL: model.url, AI_MODEL: 'fake-model', AI_TIMEOUT_SECONDS: '120' },
      beforeReady: (app) => {
        job = defineBlockingJob(app, 'test.stuck');
      },
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { user, chat } = await chatOf(t.database);
      const cookie = await signInOver(base, user.username);
      await t.app.jobs.send('test.stuck', {});
      await job.started;
      // The model answers the first words, then stalls far longer than the drain may take.
      model.behave({ reply: 'um dois', chunkDelayMs: 600_000 });
      const answer = streamAnswer(base, chat.id, cookie, agent);
      await answer.started;

      const startedAt = Date.now();
      expect(await t.app.drain(1_000)).toEqual({ connectionsCut: true });
      // Bounded by the deadline (pg-boss checks its running jobs every 500 ms); generous for a loaded machine.
      expect(Date.now() - startedAt).toBeLessThan(15_000);
      const { body, error } = await answer.finished;
      expect(error).toBeDefined();
      expect(parseEvents(body).map((event) => event.event)).not.toContain('done');
      expect(job.finished).toBe(false);
      expect(await jobStates(t.database, 'test.stuck')).toEqual(['retry']);
    } finally {
      model.behave(streamingModel);
      job.release();
      agent.destroy();
      await t.close();
    }
  });
});

describe('SIGTERM on the real server', () => {
  let model: FakeChatModel;
  let dataDir: string;
  let database: (Database & { url?: string }) | undefined;
  let server: ServerProcess;
  let base: string;
  let fixture: Awaited<ReturnType<typeof chatOf>>;

  beforeAll(async () => {
    model = await startFakeChatModel({ behavior: streamingModel });
    dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-shutdown-'));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      AI_BASE_URL: model.url,
      AI_MODEL: 'fake-model',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
    };
    if (testDriver === 'postgres') {
      database = await createTestDatabase();
      fixture = await chatOf(database);
      env.DATABASE_URL = database.url!;
    } else {
      // The embedded database allows one process at a time: filled here, then opened by the server.
      const embedded = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      await embedded.migrate();
      fixture = await chatOf(embedded);
      await embedded.close();
    }
    server = new ServerProcess(env);
    base = await server.address(120_000);
    // Creating the database, then starting the server on it: many seconds each on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    server.kill();
    await server.exited;
    await model.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the streamed answer in flight, closes idle connections at once, refuses new ones, and exits 0', async () => {
    const port = Number(new URL(base).port);
    const cookie = await signInOver(base, fixture.user.username);
    const agent = new Agent({ keepAlive: true });
    try {
      const keptAlive = await idleConnection(port, { answered: true });
      const silent = await idleConnection(port, { answered: false });
      const answer = streamAnswer(base, fixture.chat.id, cookie, agent);
      await answer.started;
      server.signal('SIGTERM');
      let refusedAt: number | undefined;
      for (let attempt = 0; attempt < 200 && refusedAt === undefined; attempt += 1) {
        if ((await connectOutcome(port)) === 'ECONNREFUSED') refusedAt = Date.now();
        else await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const { status, body, error } = await answer.finished;
      const finishedAt = Date.now();
      expect(refusedAt).toBeDefined();
      expect(refusedAt!).toBeLessThan(finishedAt);
      // Neither idle connection held the shutdown: both were closed while the answer still ran.
      expect(await keptAlive.closedAt).toBeLessThan(finishedAt);
      expect(await silent.closedAt).toBeLessThan(finishedAt);
      expect(error).toBeUndefined();
      expect(status).toBe(200);
      const events = parseEvents(body);
      expect(deltasOf(events).join('')).toBe(ANSWER_WORDS.join(' '));
      expect(events.at(-1)?.event).toBe('done');
      expect(await server.exited).toBe(0);
      const messagesLogged = server.logged();
      expect(messagesLogged).toContainEqual(expect.stringMatching(/^SIGTERM received/));
      expect(messagesLogged).not.toContain('requests still in progress at the shutdown deadline were cut');
      expect(messagesLogged).toContain('shut down');
    } finally {
      agent.destroy();
    }
  });
});
