// `npm run bench`: starts the built server against the local PostgreSQL and measures the API with
// autocannon on 127.0.0.1, printing p50/p99 latency and requests per second for each scenario.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'consultorio_bench';
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 5);

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitForHealth(deadline = Date.now() + 30_000) {
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

async function call(method, url, body, cookie) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Registers and confirms a user through the API (reading the link from the written mail), then signs in. */
async function signedInCookie(dataDir) {
  const credentials = { username: 'bench_user', password: 'Senha123' };
  await call('POST', '/v1/users/registrations', { ...credentials, email: 'bench@example.com', firstName: 'Bench' });
  const mailDir = path.join(dataDir, 'mail');
  const mail = readFileSync(path.join(mailDir, readdirSync(mailDir).sort().at(-1)), 'utf8').replace(/=\r?\n/g, '');
  const token = /token=3D([A-Za-z0-9_-]+)|token=([A-Za-z0-9_-]+)/.exec(mail);
  await call('POST', '/v1/users/registrations/confirm', { confirmationToken: token[1] ?? token[2] });
  const login = await call('POST', '/v1/users/users-sessions', credentials);
  return login.headers.get('set-cookie').split(';')[0];
}

function measure(title, options, { expectErrors = false } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections: 10, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      const failures = (expectErrors ? 0 : result.non2xx) + result.errors;
      console.log(
        `${title.padEnd(34)} p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average).toString().padStart(6)} req/s${failures ? `  (${failures} failures)` : ''}`,
      );
      resolve(result);
    });
  });
}

buildIfNeeded();
await admin(`drop database if exists ${database} with (force)`);
await admin(`create database ${database}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-bench-'));
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const server = spawn('node', ['apps/api/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
});

try {
  await waitForHealth();
  const cookie = await signedInCookie(dataDir);
  console.log(`PostgreSQL, ${duration} s per scenario, 10 connections, ${base}`);
  await measure('GET /healthz', { requests: [{ method: 'GET', path: '/healthz' }] });
  await measure('GET /v1/users/me (session)', { requests: [{ method: 'GET', path: '/v1/users/me', headers: { cookie } }] });
  await measure('GET /v1/users/me (no session, 401)', { requests: [{ method: 'GET', path: '/v1/users/me' }] }, { expectErrors: true });
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
}
