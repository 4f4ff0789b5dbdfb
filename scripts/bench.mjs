// `npm run bench`: starts the built server against the local PostgreSQL and measures the API with
// autocannon on 127.0.0.1, printing p50/p99 latency and requests per second for each scenario.
import { spawn, spawnSync } from 'node:child_process';
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

async function admin(sql, connectionString = adminUrl) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs the admin command line against the bench database. */
function adminCli(databaseUrl, ...args) {
  const result = spawnSync(process.execPath, ['apps/api/dist/admin.js', ...args], {
    cwd: root,
    env: { ...process.env, AI_MODEL: '', AI_BASE_URL: '', DATABASE_URL: databaseUrl.toString() },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')}: ${result.stderr}`);
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
async function signedInCookie(dataDir, username) {
  const credentials = { username, password: 'Senha123' };
  await call('POST', '/v1/users/registrations', { ...credentials, email: `${username}@example.com`, firstName: 'Bench' });
  const mailDir = path.join(dataDir, 'mail');
  const mail = readFileSync(path.join(mailDir, readdirSync(mailDir).sort().at(-1)), 'utf8').replace(/=\r?\n/g, '');
  const token = /token=3D([A-Za-z0-9_-]+)|token=([A-Za-z0-9_-]+)/.exec(mail);
  await call('POST', '/v1/users/registrations/confirm', { confirmationToken: token[1] ?? token[2] });
  const login = await call('POST', '/v1/users/users-sessions', credentials);
  return login.headers.get('set-cookie').split(';')[0];
}

const firstNames = ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Luís', 'Letícia', 'Conceição', 'Sérgio', 'Márcia', 'Cláudio', 'Débora', 'Fábio', 'Íris', 'Otávio'];
const lastNames = ['da Silva', 'dos Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Gonçalves', 'Araújo', 'Ribeiro', 'Simões', 'Magalhães', 'Conceição', 'Brandão', 'Assunção'];

/** Creates `count` patients through the API, `parallel` at a time; names repeat with a number. */
async function seedPatients(cookie, count, parallel = 10) {
  let next = 0;
  const ids = [];
  async function worker() {
    while (next < count) {
      const n = next++;
      const firstName = `${firstNames[n % firstNames.length]} ${Math.floor(n / firstNames.length)}`;
      const lastName = lastNames[(n * 7) % lastNames.length];
      const response = await call('POST', '/v1/users/me/patients', { firstName, lastName, phone: '11987654321' }, cookie);
      ids.push((await response.json()).data.patient.id);
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return ids;
}

/** The cursor of a page deep in the list, to measure a late page as well as the first. */
/** 30 sessions for the patient, the newest with 40 exchanges answered by the offline assistant. */
async function seedChats(cookie, patientId) {
  const { aiAssistants } = (await (await call('GET', '/v1/users/me/ai-assistants', undefined, cookie)).json()).data;
  let chatId;
  for (let n = 0; n < 30; n++) {
    const response = await call('POST', `/v1/patients/${patientId}/chats`, { name: `Sessão ${n}`, aiAssistantId: aiAssistants[n % aiAssistants.length].id }, cookie);
    const { chat } = (await response.json()).data;
    chatId = chat.id;
  }
  for (let n = 0; n < 40; n++) await call('POST', `/v1/chats/${chatId}/send-text`, { userText: `Mensagem ${n}: paciente relata melhora do sono.` }, cookie);
  return chatId;
}

async function deepCursor(cookie, pages) {
  let cursor = null;
  for (let page = 0; page < pages; page++) {
    const query = cursor ? `?limit=100&cursor=${cursor}` : '?limit=100';
    cursor = (await (await call('GET', `/v1/users/me/patients${query}`, undefined, cookie)).json()).data.nextCursor;
  }
  return cursor;
}

function run(options, connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Latency is measured with one connection (what one professional waits for); requests per
 * second with 10 connections, which saturate this machine's cores, so their latency is mostly
 * queueing and is shown apart.
 */
async function measure(title, options, { expectErrors = false } = {}) {
  const alone = await run(options, 1);
  const busy = await run(options, 10);
  const failures = (expectErrors ? 0 : alone.non2xx + busy.non2xx) + alone.errors + busy.errors;
  const cell = (value) => String(value).padStart(4);
  console.log(
    `${title.padEnd(34)} p50 ${cell(alone.latency.p50)} ms  p99 ${cell(alone.latency.p99)} ms  │ ${Math.round(busy.requests.average).toString().padStart(6)} req/s  p50 ${cell(busy.latency.p50)} ms  p99 ${cell(busy.latency.p99)} ms${failures ? `  (${failures} failures)` : ''}`,
  );
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
  env: { ...process.env, AI_MODEL: '', AI_BASE_URL: '', DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
});

try {
  await waitForHealth();
  const cookie = await signedInCookie(dataDir, 'bench_user');
  const otherCookie = await signedInCookie(dataDir, 'bench_other');
  const seedCount = Number(process.env.BENCH_PATIENTS ?? 5000);
  // The trial's plan allows 50 patients: the operator's tool gives both professionals room.
  adminCli(url, 'plans:create', '--code', 'bench', '--name', 'Bench', '--period', 'monthly', '--limit', String(seedCount * 2), '--price', '0');
  for (const username of ['bench_user', 'bench_other']) adminCli(url, 'subscription:grant', username, '--plan', 'bench');
  const seedStart = performance.now();
  const [patientIds] = await Promise.all([seedPatients(cookie, seedCount), seedPatients(otherCookie, seedCount)]);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`Seeded ${seedCount} patients for each of 2 professionals through the API in ${seedSeconds.toFixed(1)} s`);
  // What autovacuum would have done on a database in use: statistics and the visibility map.
  await admin('vacuum analyze', url.toString());
  const cursor = await deepCursor(cookie, Math.floor(seedCount / 100 / 2));
  console.log(`PostgreSQL, ${base}, ${duration} s per run: latency with 1 connection │ throughput and latency with 10`);
  const get = (path) => ({ requests: [{ method: 'GET', path, headers: { cookie } }] });
  await measure('GET /healthz', { requests: [{ method: 'GET', path: '/healthz' }] });
  await measure('GET /v1/users/me (session)', get('/v1/users/me'));
  await measure('GET /v1/users/me (no session, 401)', { requests: [{ method: 'GET', path: '/v1/users/me' }] }, { expectErrors: true });
  await measure('patients: first page (50)', get('/v1/users/me/patients'));
  await measure('patients: middle page (100)', get(`/v1/users/me/patients?limit=100&cursor=${cursor}`));
  await measure('patients: search q=joao', get('/v1/users/me/patients?q=joao'));
  await measure('patients: search q=silva', get('/v1/users/me/patients?q=silva'));
  await measure('patients: search q=gonc', get(`/v1/users/me/patients?q=${encodeURIComponent('gonc')}`));
  await measure('patients: search, no match', get('/v1/users/me/patients?q=xyzw'));
  await measure('patients: one (GET /patients/:id)', get(`/v1/patients/${patientIds[0]}`));
  await measure('GET /v1/users/me/stats', get('/v1/users/me/stats'));
  const chatId = await seedChats(cookie, patientIds[0]);
  await measure('GET /v1/users/me/ai-assistants', get('/v1/users/me/ai-assistants'));
  await measure('chats: a patient\'s 30 sessions', get(`/v1/patients/${patientIds[0]}/chats`));
  await measure('chats: one with 80 messages', get(`/v1/chats/${chatId}`));
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  // BENCH_KEEP=1 keeps the seeded database for EXPLAIN ANALYZE.
  if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
}
