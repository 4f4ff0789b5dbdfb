// Reminders with several instances of the app on one PostgreSQL database: each mailed once,
// even when the worker sending one is killed mid-job; a reminder that cannot be sent is shown
// on its appointment. PostgreSQL only (PGlite lives inside one process).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Appointment } from '@consultorio/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { appointments, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createTestDatabase, testDriver } from './helpers/database';
import { fastQueueEnv as queueEnv, HOUR, waitUntil } from './helpers/instances';
import { TestSmtpServer } from './helpers/smtp';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

function hourMark(t: TestApp, hours: number): string {
  const at = new Date(t.clock.now().getTime() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

async function book(t: TestApp, cookie: string, body: Record<string, unknown>): Promise<Appointment> {
  const response = await t.request({ method: 'POST', url: '/v1/users/me/appointments', headers: { cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as Appointment;
}

/** An SMTP server that accepts connections and never answers: a send to it hangs. */
async function hangingSmtp(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The API as its own process (`node --import tsx src/main.ts`), so it can be killed outright. */
function startServerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
}

describe.runIf(testDriver === 'postgres')('two instances on one PostgreSQL database', () => {
  let database: Database & { url?: string };
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = new TestSmtpServer();
    await smtp.start();
    first = await createTestApp({ shared: { database, smtp }, env: queueEnv });
    second = await createTestApp({ shared: { database, smtp }, env: queueEnv });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await smtp?.close();
    await database?.close();
  });

  it('mails each of 20 due reminders exactly once while both instances scan and work', async () => {
    const { user, cookie } = await newSignedInUser(first);
    const patients = await Promise.all(
      Array.from({ length: 20 }, (_, index) => newPatient(first, { owner: user, email: `paciente${index}.${user.username}@example.com` })),
    );
    for (const [index, patient] of patients.entries()) {
      await book(index % 2 === 0 ? first : second, cookie, { patientId: patient.id, startsAt: hourMark(first, 25 + index) });
    }
    const addresses = new Set(patients.map((patient) => patient.email!));
    const mailed = () => smtp.received.filter((mail) => mail.to.some((to) => addresses.has(to)));
    expect(mailed()).toHaveLength(0);

    // A day later by both clocks: all 20 are due, and each instance's scan runs every second.
    first.clock.advance(21 * 3600);
    second.clock.advance(21 * 3600);
    await waitUntil(() => mailed().length >= 20, 30_000, '20 reminders');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await first.app.jobs.idle();
    await second.app.jobs.idle();
    expect(mailed()).toHaveLength(20);
    expect(new Set(mailed().map((mail) => mail.to[0])).size).toBe(20);
  });

  it('mails a reminder once when the worker sending it is killed mid-job', async () => {
    const { user, cookie } = await newSignedInUser(first, { emailReminderLeadHours: [] });
    const patient = await newPatient(first, { owner: user, email: `morto.${user.username}@example.com` });
    // In three hours by the real clock, which the child process runs on.
    const appointment = await book(first, cookie, { patientId: patient.id, startsAt: new Date(Date.now() + 3 * HOUR).toISOString() });
    // Only the process to be killed runs jobs now.
    await first.close();
    await second.close();
    const hanging = await hangingSmtp();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-killed-'));
    const child = startServerProcess({
      ...queueEnv,
      DATABASE_URL: database.url!,
      SMTP_URL: hanging.url,
      DATA_DIR: dataDir,
      PORT: '0',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
    });
    try {
      await database.db.update(users).set({ emailReminderLeadHours: [24] }).where(eq(users.id, user.id));
      // The child claims the reminder and its worker is stuck talking to the SMTP server.
      await waitUntil(() => hanging.connections() > 0, 30_000, 'the child to start sending');
      const active = await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'agenda.reminder' and state = 'active'`);
      expect((active as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      first = await createTestApp({ shared: { database, smtp }, env: queueEnv });
      await smtp.waitFor(patient.email!, 0, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await first.app.jobs.idle();
      expect(smtp.received.filter((mail) => mail.to.includes(patient.email!))).toHaveLength(1);
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(row!.reminderSentAt).not.toBeNull();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await hanging.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    second = await createTestApp({ shared: { database, smtp }, env: queueEnv });
  });
});

describe.runIf(testDriver === 'postgres')('a reminder that cannot be sent', () => {
  it('is shown on its appointment once its retries are spent', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', JOB_RETRY_LIMIT: '0' } });
    try {
      const { user, cookie } = await newSignedInUser(t);
      const patient = await newPatient(t, { owner: user, email: `falha.${user.username}@example.com` });
      const appointment = await book(t, cookie, { patientId: patient.id, startsAt: hourMark(t, 2) });
      await waitUntil(
        async () => {
          const response = await t.request({ method: 'GET', url: `/v1/appointments/${appointment.id}`, headers: { cookie } });
          return response.json().data.appointment.reminderError !== null;
        },
        15_000,
        'the failure on the appointment',
      );
      const response = await t.request({ method: 'GET', url: `/v1/appointments/${appointment.id}`, headers: { cookie } });
      expect(response.json().data.appointment).toMatchObject({ reminderSentAt: null, reminderError: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await t.close();
    }
  });
});
