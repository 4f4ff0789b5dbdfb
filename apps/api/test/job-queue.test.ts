// The job queue looks for due jobs of every kind in one query every JOB_POLL_SECONDS (issue 34:
// pg-boss's workers polled each kind apart, 10 queries a second at idle with 21 kinds); a job
// due later, or sent by another instance, is still run within a polling interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/job-queue';
import { createTestDatabase } from './helpers/database';

let database: Database;
const queues: JobQueue[] = [];
const log = { error: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database?.close();
});

function queue(): JobQueue {
  const created = createJobQueue(database.sql, { pollingSeconds: 0.5, expireSeconds: 30, retryLimit: 2, maintenanceSeconds: 60 }, log);
  queues.push(created);
  return created;
}

async function count(sql: string): Promise<number> {
  return Number(((await database.sql.executeSql(sql, [])).rows[0] as { n: number }).n);
}

describe('the job queue', () => {
  it('runs a job due later and one sent by another instance within a polling interval', async () => {
    const handled: string[] = [];
    const worker = queue();
    const sender = queue();
    for (const kind of ['test.first', 'test.second', 'test.third']) {
      worker.define<{ label: string }>(kind, { handle: async ({ data }) => void handled.push(data.label) });
      sender.define<{ label: string }>(kind, { handle: async () => undefined });
    }
    await worker.start();

    // The sender never starts: only the worker's look for due jobs can find these.
    const sentAt = Date.now();
    await sender.send('test.second', { label: 'other instance' });
    await sender.send('test.third', { label: 'later' }, { startAfter: new Date(Date.now() + 1000) });

    await expect.poll(() => [...handled].sort(), { timeout: 5000, interval: 100 }).toEqual(['later', 'other instance']);
    // pg-boss's own polling of each kind is every 5 minutes: a 1 s polling interval found them.
    expect(Date.now() - sentAt).toBeLessThan(4000);
    expect(await count("select count(*)::int as n from pgboss.job where name like 'test.%' and state < 'active'")).toBe(0);
  });
});
