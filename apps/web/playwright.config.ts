import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const webDir = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT lets two runs (two checkouts) share the machine.
const port = process.env.E2E_PORT ?? '3100';
const baseURL = `http://127.0.0.1:${port}`;

// The server writes its mail as .eml files into $E2E_DATA_DIR/mail; the tests read them there.
const e2eDataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(webDir, '../../.tmp/e2e'));
process.env.E2E_DATA_DIR = e2eDataDir;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node ../../scripts/e2e-server.mjs',
    cwd: webDir,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { E2E_DATA_DIR: e2eDataDir, E2E_PORT: port },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
