// One real server process (src/main.ts) on the embedded PGlite, shared by: the admin command,
// a process of its own, which goes through the server's socket while it runs; and, last, the
// server's stop once the process reading its log has gone. PGlite only: on PostgreSQL the admin
// command opens the database itself.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { adminSocketPath } from '../src/platform/admin-socket';
import { testDriver } from './helpers/database';
import { runAdmin, ServerProcess } from './helpers/server-process';
import { DEFAULT_PASSWORD, newUser } from './factories/users';

const SHUTDOWN_TIMEOUT_SECONDS = 10;
const m = messages.admin;

describe.skipIf(testDriver !== 'pglite')('a server running on PGlite', () => {
  let dataDir: string;
  let server: ServerProcess;
  let base: string;
  let username: string;
  /** The admin command's environment: the server's DATA_DIR, the embedded database. */
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-running-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    // The embedded database allows one process at a time: filled here, then opened by the server.
    const embedded = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await embedded.migrate();
    ({ username } = await newUser({ database: embedded }));
    await embedded.close();
    server = new ServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    });
    base = await server.address(120_000);
    // Creating the database, then starting the server on it: many seconds each on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    server.kill();
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs every admin command through its socket, private to its system user', async () => {
    const socket = adminSocketPath(dataDir);
    expect((await stat(socket)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(socket))).mode & 0o777).toBe(0o700);

    const backupFile = path.join(dataDir, 'copia.zip');
    const [plan, coupon, unknownUser, backup] = await Promise.all([
      runAdmin(env, 'plans:create', '--code', 'via-socket', '--name', 'Via socket', '--period', 'monthly', '--limit', '7', '--price', '1234'),
      runAdmin(env, 'coupons:create', '--code', 'SOCKET10', '--percent', '10'),
      runAdmin(env, 'subscription:show', 'ninguem'),
      runAdmin(env, 'backup', backupFile),
    ]);
    expect(plan).toEqual({ code: 0, stdout: `${m.planCreated('via-socket', 'Via socket')}\n`, stderr: '' });
    expect(coupon).toEqual({ code: 0, stdout: `${m.couponCreated('SOCKET10')}\n`, stderr: '' });
    // The operator's mistake, found in the server, is told as it would be without one.
    expect(unknownUser).toEqual({ code: 1, stdout: '', stderr: `${m.professionalNotFound('ninguem')}\n` });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(backupFile);

    const granted = await runAdmin(env, 'subscription:grant', username, '--plan', 'via-socket', '--days', '10');
    expect(granted.code, granted.stderr).toBe(0);

    // Written into the server's own database: its API sees the new plan granted at once.
    const signedIn = await fetch(new URL('/v1/users/users-sessions', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEFAULT_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const subscription = await fetch(new URL('/v1/users/me/subscriptions', base), { headers: { cookie } });
    const { data } = (await subscription.json()) as { data: { plan: { name: string; patientsLimit: number } } };
    expect(data.plan).toMatchObject({ name: 'Via socket', patientsLimit: 7 });
  }, 120_000);

  it('exits at once on a second signal after the process reading its log has gone', async () => {
    // Ctrl+C on `npm start | tee log`: tee ends, and the server gets SIGINT from the terminal and
    // again from npm. Two different signals, so that the kernel cannot merge them into one.
    expect(server.running()).toBe(true);
    server.stopReading();
    server.signal('SIGINT');
    server.signal('SIGTERM');
    const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), (SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000).unref());
    // 1 when the second signal cuts the shutdown short; 0 when, on a loaded machine, the kernel
    // hands the second signal over only after the first one's shutdown has finished. What matters
    // is that it exits, of itself and in time, instead of hanging on the log it cannot write.
    expect([0, 1]).toContain(await Promise.race([server.exited, deadline]));
  }, 60_000);
});
