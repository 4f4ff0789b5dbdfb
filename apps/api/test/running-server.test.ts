// One real server process (src/main.ts) on the embedded PGlite: its stop once the process
// reading its log has gone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from './helpers/database';
import { ServerProcess } from './helpers/server-process';

const SHUTDOWN_TIMEOUT_SECONDS = 10;

describe.skipIf(testDriver !== 'pglite')('a server running on PGlite', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-running-'));
    server = new ServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    });
    await server.address(120_000);
    // Starting the server on a new database: many seconds on a loaded machine.
  }, 180_000);
  afterAll(async () => {
    server.kill();
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits at once on a second signal after the process reading its log has gone', async () => {
    // Ctrl+C on `npm start | tee log`: tee ends, and the server gets SIGINT from the terminal and
    // again from npm. Two different signals, so that the kernel cannot merge them into one.
    expect(server.running()).toBe(true);
    server.stopReading();
    server.signal('SIGINT');
    server.signal('SIGTERM');
    const deadline = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), (SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000).unref());
    expect(await Promise.race([server.exited, deadline])).toBe(1);
  }, 60_000);
});
