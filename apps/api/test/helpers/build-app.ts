import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { Clock } from '../../src/platform/clock';
import { defaultLoginThrottlePolicy, type LoginThrottlePolicy } from '../../src/platform/context';
import { createMailer } from '../../src/platform/mail/mailer';
import { createLocalStorage } from '../../src/platform/storage/local-storage';
import type { Storage } from '../../src/platform/storage/storage';
import { createTestDatabase } from './database';
import { TestSmtpServer } from './smtp';

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** With its URL on PostgreSQL (another instance may open its own connections to it). */
  database: Database & { url?: string };
  smtp: TestSmtpServer;
  clock: TestClock;
  config: Config;
  filesDir: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** How many mails the SMTP server has received once every queued job has run (mail is sent by jobs). */
  mailCount(): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  loginThrottle?: Partial<LoginThrottlePolicy>;
  env?: Record<string, string>;
  /** Another instance's database and mail sink (two instances of the app on one database); left open on close. */
  shared?: { database: Database & { url?: string }; smtp: TestSmtpServer };
  /** A session cache kept longer than SESSION_CACHE_MS allows (see AppDeps). */
  sessionCacheMs?: number;
  /** Receives the app's log lines (JSON, level info and up); without it the app logs nothing. */
  logStream?: Writable;
  /** Runs before the app is ready (the job queue starts then): a test's own job kinds are defined here. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Another storage than local files in the app's temp folder (a restored one). */
  storage?: Storage;
}

/** Collects every answer whose status the route's schema does not declare (the not-found handler has no route). */
function recordUndeclaredStatuses(app: FastifyInstance): Set<string> {
  const undeclared = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const { url, schema } = request.routeOptions;
    const declared = (schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (url === undefined || !declared) return;
    if (!(String(reply.statusCode) in declared)) undeclared.add(`${request.method} ${url} answered ${reply.statusCode}`);
  });
  return undeclared;
}

/** The real app on a real database, real SMTP on loopback and real files in a temp folder. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-test-'));
  const smtp = options.shared?.smtp ?? new TestSmtpServer();
  const smtpUrl = options.shared ? smtp.url : await smtp.start();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'http://consultorio.test',
    LOG_LEVEL: 'silent',
    // Every JSON answer is also written the zod way and compared (platform/json-serializer.ts).
    NODE_ENV: 'test',
    // Tests move the clock and queue due reminders themselves (app.agendaTick).
    REMINDER_SCAN_SECONDS: '0',
    // No web app unless a test asks for one: whether apps/web has been built must not change answers.
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...options.env,
  });
  const database = options.shared?.database ?? (await createTestDatabase());
  const clock = new TestClock();
  const filesDir = path.join(dataDir, 'files');
  const mailer = createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, mailDir: path.join(dataDir, 'mail'), logger: { info: () => undefined } });
  const app = await buildApp({
    config,
    database,
    storage: options.storage ?? createLocalStorage(filesDir),
    mailer,
    clock,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    loginThrottle: { ...defaultLoginThrottlePolicy, delayStepMs: 10, maxDelayMs: 50, ...options.loginThrottle },
    ...(options.sessionCacheMs === undefined ? {} : { sessionCacheMs: options.sessionCacheMs }),
  });
  const undeclared = recordUndeclaredStatuses(app);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    smtp,
    clock,
    config,
    filesDir,
    request: (request) => app.inject(request),
    mailCount: async () => {
      await app.jobs.idle();
      return smtp.received.length;
    },
    close: async () => {
      await app.close();
      // Every answer a test saw must be one its route's contract declares (OpenAPI describes exactly what the server does).
      if (undeclared.size > 0) throw new Error(`answers the contract does not declare:\n${[...undeclared].join('\n')}`);
      mailer.close();
      if (!options.shared) {
        await smtp.close();
        await database.close();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
