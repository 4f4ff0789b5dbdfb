// JOB_EXPIRE_SECONDS and JOB_RETRY_LIMIT apply on a database whose queues an earlier start created
// with other values: pg-boss creates a queue once and every job copies the queue's settings, so
// without this a mail in flight at a crash would wait the old 5 minutes to be retried.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createTestDatabase } from './helpers/database';
import { TestSmtpServer } from './helpers/smtp';

interface JobSettings {
  retryLimit: number;
  expireSeconds: number;
}

let database: Database & { url?: string };
let smtp: TestSmtpServer;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new TestSmtpServer();
  await smtp.start();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp?.close();
  await database?.close();
});

async function startWith(settings: JobSettings): Promise<TestApp> {
  const env = { JOB_RETRY_LIMIT: String(settings.retryLimit), JOB_EXPIRE_SECONDS: String(settings.expireSeconds) };
  const app = await createTestApp({ shared: { database, smtp }, env });
  apps.push(app);
  return app;
}

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.sql.executeSql(text, values)).rows as T[];
}

const queueSettings = () =>
  rows<{ name: string } & JobSettings>('select name, retry_limit as "retryLimit", expire_seconds as "expireSeconds" from pgboss.queue order by name');

const jobSettings = (id: string) =>
  rows<JobSettings>('select retry_limit as "retryLimit", extract(epoch from expire_in)::int as "expireSeconds" from pgboss.job where id = $1', [id]);

/** A job of the kind `name` due tomorrow: it stays unfinished through the test. */
async function sendForTomorrow(app: TestApp, name: string, expireSeconds?: number): Promise<string> {
  const key = randomUUID();
  await app.app.jobs.send(name, { test: true }, { startAfter: new Date(Date.now() + 86_400_000), singletonKey: key, ...(expireSeconds ? { expireSeconds } : {}) });
  const [job] = await rows<{ id: string }>('select id from pgboss.job where name = $1 and singleton_key = $2', [name, key]);
  return job!.id;
}

describe('the job queue settings', () => {
  it('are brought in line with the configuration at start-up, for the queues, new jobs and unfinished ones', async () => {
    const before = { retryLimit: 6, expireSeconds: 300 };
    const first = await startWith(before);
    const [name] = first.app.jobs.names();
    expect(name).toBeDefined();
    const waiting = await sendForTomorrow(first, name!);
    expect(await jobSettings(waiting)).toEqual([before]);
    // A job sent with an expiry of its own (a long transcription) keeps it.
    const long = await sendForTomorrow(first, name!, 5000);
    expect(await jobSettings(long)).toEqual([{ ...before, expireSeconds: 5000 }]);
    await first.close();
    apps.pop();

    const after = { retryLimit: 2, expireSeconds: 30 };
    const second = await startWith(after);
    const queues = await queueSettings();
    expect(queues.map((queue) => queue.name)).toEqual(expect.arrayContaining(second.app.jobs.names()));
    for (const queue of queues) expect(queue).toEqual({ name: queue.name, ...after });
    expect(await jobSettings(waiting)).toEqual([after]);
    expect(await jobSettings(long)).toEqual([{ ...after, expireSeconds: 5000 }]);
    expect(await jobSettings(await sendForTomorrow(second, name!))).toEqual([after]);
  });
});
