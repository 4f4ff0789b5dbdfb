// `npm run bench`: starts the built server against the local PostgreSQL and measures the API with
// autocannon on 127.0.0.1, printing p50/p99 latency and requests per second for each scenario.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureEmbeddedMemory } from './bench/memory.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { makeDocxBomb, makeHeavyPdf } from './hostile-files.mjs';
import { measureApiOverhead } from './bench/api-overhead.mjs';
import { callAt } from './bench/http.mjs';
import { rssMb, startApiServer } from './bench/processes.mjs';
import { measureLoad } from './bench/load.mjs';
import { measureVideo } from './bench/video.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DATABASE lets two checkouts run benchmarks at once.
const database = process.env.BENCH_DATABASE ?? 'consultorio_bench';
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

function call(method, url, body, cookie) {
  return callAt(base, method, url, body, cookie);
}

/** The written mail to `address` (mail is sent by background jobs, so it may take a moment). */
async function waitForMail(dataDir, address, deadline = Date.now() + 15_000) {
  const mailDir = path.join(dataDir, 'mail');
  while (Date.now() < deadline) {
    const names = existsSync(mailDir) ? readdirSync(mailDir) : [];
    for (const name of names) {
      const mail = readFileSync(path.join(mailDir, name), 'utf8').replace(/=\r?\n/g, '');
      if (mail.includes(address)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

/** Registers and confirms a user through the API (reading the link from the written mail), then signs in. */
async function signedInCookie(dataDir, username) {
  const credentials = { username, password: 'Senha123' };
  await call('POST', '/v1/users/registrations', { ...credentials, email: `${username}@example.com`, firstName: 'Bench' });
  const mail = await waitForMail(dataDir, `${username}@example.com`);
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

/** The cursor of a page deep in the list, to measure a late page as well as the first. */
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

/** The server's resident memory (its worker threads included), in MB. */
const serverRssMb = () => rssMb(server.child.pid);

/**
 * Times /healthz every 20 ms from a worker thread of its own, so that this process's own work
 * (sending hundreds of megabytes) cannot delay the measurement; posts each latency back.
 */
const healthPoller = `
  const { parentPort, workerData } = require('node:worker_threads');
  let running = true;
  parentPort.on('message', () => { running = false; });
  (async () => {
    while (running) {
      const started = performance.now();
      await fetch(workerData.url);
      parentPort.postMessage(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    parentPort.close();
  })();
`;

/** Runs `work` while timing /healthz every 20 ms and reading the server's memory: p99 and max latency, peak RSS. */
async function whileWatching(work) {
  const latencies = [];
  let peakRss = serverRssMb();
  const poller = new Worker(healthPoller, { eval: true, workerData: { url: `${base}/healthz` } });
  poller.on('message', (ms) => latencies.push(ms));
  const memory = setInterval(() => {
    peakRss = Math.max(peakRss, serverRssMb());
  }, 50);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(memory);
    poller.postMessage('stop');
    await new Promise((resolve) => poller.once('exit', resolve));
  }
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
  return { seconds: (performance.now() - started) / 1000, p99, max: latencies.at(-1), peakRss, samples: latencies.length };
}

function report(title, watched) {
  console.log(
    `${title.padEnd(46)} ${watched.seconds.toFixed(1).padStart(5)} s  /healthz p99 ${watched.p99.toFixed(0).padStart(3)} ms  max ${watched.max.toFixed(0).padStart(3)} ms (${watched.samples} samples)  peak RSS ${watched.peakRss.toFixed(0)} MB`,
  );
}

async function newChat(cookie) {
  const patient = (await (await call('POST', '/v1/users/me/patients', { firstName: 'Uploads' }, cookie)).json()).data.patient;
  const { aiAssistants } = (await (await call('GET', '/v1/users/me/ai-assistants', undefined, cookie)).json()).data;
  const body = { name: 'Uploads', aiAssistantId: aiAssistants[0].id };
  return (await (await call('POST', `/v1/patients/${patient.id}/chats`, body, cookie)).json()).data.chat.id;
}

async function sendFiles(cookie, chatId, files) {
  const body = new FormData();
  for (const { bytes, name, type } of files) body.append('files', new Blob([bytes], { type }), name);
  const response = await fetch(`${base}/v1/chats/${chatId}/send-attachments`, { method: 'POST', headers: { cookie }, body });
  if (!response.ok) throw new Error(`send-attachments: ${response.status} ${await response.text()}`);
}

/** Hostile documents sent to the assistant, and many large uploads at once: the server keeps answering and its memory stays bounded. */
async function hostileUploads(cookie, chatId) {
  console.log(`\nUploads, /healthz timed every 20 ms meanwhile (server RSS before: ${serverRssMb().toFixed(0)} MB)`);
  const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const docx = await makeDocxBomb(300 * 1024 * 1024);
  report(`DOCX bomb (${(docx.length / 1024).toFixed(0)} KB, 300 MB of XML)`, await whileWatching(() => sendFiles(cookie, chatId, [{ bytes: docx, name: 'bomba.docx', type: docxType }])));
  const pdf = makeHeavyPdf(3_000_000);
  report(`PDF, 3 million text operators (${(pdf.length / 1024).toFixed(0)} KB)`, await whileWatching(() => sendFiles(cookie, chatId, [{ bytes: pdf, name: 'pesado.pdf', type: 'application/pdf' }])));
  const twentyMb = new Uint8Array(20 * 1024 * 1024).map((_, index) => (index * 2654435761) >>> 24);
  const tenFiles = Array.from({ length: 10 }, (_, n) => ({ bytes: twentyMb, name: `exame-${n}.bin`, type: 'application/octet-stream' }));
  report('8 concurrent uploads of 10 x 20 MB', await whileWatching(() => Promise.all(Array.from({ length: 8 }, () => sendFiles(cookie, chatId, tenFiles)))));
}

/** Monday 00:00 UTC of the week `weeksFromNow` weeks from now. */
function mondayOf(weeksFromNow) {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) + weeksFromNow * 7);
  return day;
}

/**
 * A professional with 100 patients, each in a weekly series over five years (2.5 years back,
 * 2.5 ahead: 26,000 appointments, booked through the API), and the week and month views read.
 */
async function measureAgenda() {
  const cookie = await signedInCookie(dataDir, 'bench_agenda');
  adminCli(url, 'plans:create', '--code', 'bench-agenda', '--name', 'Bench agenda', '--period', 'monthly', '--limit', '200', '--price', '0');
  adminCli(url, 'subscription:grant', 'bench_agenda', '--plan', 'bench-agenda');
  const patientIds = await seedPatients(cookie, 100);
  const first = mondayOf(-130);
  const seedStart = performance.now();
  for (const [n, patientId] of patientIds.entries()) {
    // Monday to Friday, 08:00 to 17:00 (UTC), two patients an hour.
    const startsAt = new Date(first.getTime() + (n % 5) * 86_400_000 + (8 + (Math.floor(n / 5) % 10)) * 3_600_000);
    const body = { patientId, startsAt: startsAt.toISOString(), recurrence: { frequency: 'weekly', count: 260 }, allowOverlap: true };
    await call('POST', '/v1/users/me/appointments', body, cookie);
  }
  console.log(`\nAgenda: 100 weekly series of 260 appointments (26,000) booked through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  await admin('vacuum analyze', url.toString());
  const range = (from, days) => `/v1/users/me/appointments?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + days * 86_400_000).toISOString())}`;
  const get = (path) => ({ requests: [{ method: 'GET', path, headers: { cookie } }] });
  const week = mondayOf(0);
  const weekCount = (await (await call('GET', range(week, 7), undefined, cookie)).json()).data.appointments.length;
  const monthCount = (await (await call('GET', range(week, 35), undefined, cookie)).json()).data.appointments.length;
  await measure(`agenda: a week (${weekCount})`, get(range(week, 7)));
  await measure(`agenda: a month view (${monthCount})`, get(range(week, 35)));
  await measure('agenda: summaries of 50 patients', get(`/v1/users/me/appointments/summaries?patientIds=${patientIds.slice(0, 50).join(',')}`));
  await measureMeasurement(cookie, patientIds);
}

/**
 * Measurement plans on the agenda's data: a plan before appointments for each of the 100
 * patients (each creation runs the professional's scan over their plans and 26,000
 * appointments, mailing the forms already due), then a patient's trends with 200 sent PHQ-9s.
 */
async function measureMeasurement(cookie, patientIds) {
  const pg = url.toString();
  await admin(`update patients set email = 'bench.' || id || '@example.com' where id in (${patientIds.map((id) => `'${id}'`).join(',')})`, pg);
  const templates = (await (await call('GET', '/v1/users/me/qa-templates', undefined, cookie)).json()).data.qaTemplates;
  const phq9 = templates.find((template) => template.name.startsWith('PHQ-9'));
  const took = [];
  for (const patientId of patientIds) {
    const start = performance.now();
    await call('POST', `/v1/patients/${patientId}/measurement-plans`, { qaTemplateId: phq9.id, trigger: 'before_appointment' }, cookie);
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  console.log(
    `\nmeasurement: 100 plans created, each with a scan over its professional's plans and 26,000 appointments: p50 ${took[49].toFixed(1)} ms, max ${took[99].toFixed(1)} ms`,
  );
  await admin(
    `insert into forms (owner_id, patient_id, qa_template_id, name, content, public_token, is_locked, submitted_at, created_at, updated_at)
     select p.owner_id, p.id, t.id, 'PHQ-9 ' || g,
       (select jsonb_object_agg(i::text, ((g + i) % 4)::text) from generate_series(1, 9) i),
       md5(random()::text || g), true, now() - make_interval(days => 200 - g), now() - make_interval(days => 200 - g), now()
     from patients p, qa_templates t, generate_series(1, 200) g
     where p.id = '${patientIds[0]}' and t.id = '${phq9.id}'`,
    pg,
  );
  await admin('vacuum analyze', pg);
  const get = (path) => ({ requests: [{ method: 'GET', path, headers: { cookie } }] });
  await measure('measurement: trends, 200 PHQ-9s', get(`/v1/patients/${patientIds[0]}/score-series`));
  await measure('measurement: open alerts', get('/v1/users/me/alerts?status=open'));
  await measure('measurement: a patient\'s plans', get(`/v1/patients/${patientIds[0]}/measurement-plans`));
}

/** This month (YYYY-MM) in São Paulo, the professionals' default zone. */
function thisMonth() {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
}

/**
 * Session finance over the same shape of practice as the agenda (100 patients, a weekly series of
 * 260 sessions each, 26,000 with a fee): half the patients' sessions of the last 30 days paid, one
 * payment each (so receipts and allocations exist); then the month's summary, pending sessions,
 * payments, CSV report, a patient's balance and a receipt PDF, and the receipts' effect on /healthz.
 */
async function measureFinance() {
  const cookie = await signedInCookie(dataDir, 'bench_finance');
  adminCli(url, 'plans:create', '--code', 'bench-finance', '--name', 'Bench finance', '--period', 'monthly', '--limit', '200', '--price', '0');
  adminCli(url, 'subscription:grant', 'bench_finance', '--plan', 'bench-finance');
  await call('PUT', '/v1/users/me', { firstName: 'Bench', lastName: 'Financeiro', document: '529.982.247-25', professionalRegistration: 'CRP 06/123456', city: 'São Paulo', pixKey: 'bench@example.com' }, cookie);
  const patientIds = await seedPatients(cookie, 100);
  for (const patientId of patientIds) {
    const patient = (await (await call('GET', `/v1/patients/${patientId}`, undefined, cookie)).json()).data.patient;
    await call('PUT', `/v1/patients/${patientId}`, { firstName: patient.firstName, lastName: patient.lastName ?? 'Bench', document: '111.444.777-35', sessionFeeCents: 15000 }, cookie);
  }
  const first = mondayOf(-130);
  const seedStart = performance.now();
  for (const [n, patientId] of patientIds.entries()) {
    const startsAt = new Date(first.getTime() + (n % 5) * 86_400_000 + (8 + (Math.floor(n / 5) % 10)) * 3_600_000);
    await call('POST', '/v1/users/me/appointments', { patientId, startsAt: startsAt.toISOString(), recurrence: { frequency: 'weekly', count: 260 }, allowOverlap: true }, cookie);
  }
  const month = thisMonth();
  const today = new Date().toISOString().slice(0, 10);
  const pending = (await (await call('GET', `/v1/users/me/finance/pending?month=${month}`, undefined, cookie)).json()).data.patients;
  let paymentId;
  for (const patient of pending.slice(0, 50)) {
    const held = patient.sessions.filter((session) => Date.parse(session.startsAt) <= Date.now());
    if (held.length === 0) continue;
    const body = { patientId: patient.patientId, appointmentIds: held.map((session) => session.id), amountCents: held.reduce((sum, session) => sum + session.balanceCents, 0), method: 'pix', paidAt: today };
    paymentId = (await (await call('POST', '/v1/users/me/payments', body, cookie)).json()).data.payment.id;
  }
  console.log(`\nFinance: 26,000 sessions with a fee booked and this month's held sessions of 50 patients paid in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  await admin('vacuum analyze', url.toString());
  const get = (path) => ({ requests: [{ method: 'GET', path, headers: { cookie } }] });
  await measure('finance: month summary', get(`/v1/users/me/finance/summary?month=${month}`));
  await measure('finance: month pending by patient', get(`/v1/users/me/finance/pending?month=${month}`));
  await measure('finance: month payments', get(`/v1/users/me/payments?month=${month}`));
  await measure('finance: month report (CSV)', get(`/v1/users/me/finance/report?month=${month}&format=csv`));
  await measure("finance: a patient's balance", get(`/v1/patients/${patientIds[0]}/finance`));
  await measure('finance: a receipt (PDF)', get(`/v1/payments/${paymentId}/receipt`));
  report(
    '200 receipt PDFs, 10 at a time',
    await whileWatching(async () => {
      let next = 0;
      const worker = async () => {
        while (next++ < 200) await (await call('GET', `/v1/payments/${paymentId}/receipt`, undefined, cookie)).arrayBuffer();
      };
      await Promise.all(Array.from({ length: 10 }, worker));
    }),
  );
}

/** The API's latency and throughput with 5,000 patients per professional, then the uploads. */
async function measureApi(cookie) {
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
  // The patient list's HTML with its first answers (session, first page, the cards' summaries,
  // all in the HTML: platform/first-answers.ts) against the same page as the static file.
  const firstPage = (await (await call('GET', '/v1/users/me/patients', undefined, cookie)).json()).data.patients;
  await measure("patients: the cards' summaries (50)", get(`/v1/users/me/appointments/summaries?patientIds=${firstPage.map((patient) => patient.id).join('%2C')}`));
  const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'accept-encoding': 'br' };
  await measure('page /patients, first answers', { requests: [{ method: 'GET', path: '/patients', headers: { ...navigation, cookie } }] });
  await measure('page /patients, static file', { requests: [{ method: 'GET', path: '/patients', headers: navigation }] });
  await measure('GET /v1/users/me/stats', get('/v1/users/me/stats'));
  const chatId = await seedChats(cookie, patientIds[0]);
  await measure('GET /v1/users/me/ai-assistants', get('/v1/users/me/ai-assistants'));
  await measure('chats: a patient\'s 30 sessions', get(`/v1/patients/${patientIds[0]}/chats`));
  await measure('chats: one with 80 messages', get(`/v1/chats/${chatId}`));
  await hostileUploads(cookie, chatId);
}

buildIfNeeded();
await admin(`drop database if exists ${database} with (force)`);
await admin(`create database ${database}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-bench-'));
const url = new URL(adminUrl);
url.pathname = `/${database}`;
let server;

try {
  server = await startApiServer({ port, databaseUrl: url.toString(), dataDir });
  const cookie = await signedInCookie(dataDir, 'bench_user');
  const bench = { base, port, url, serverPid: server.child.pid, call, admin, adminCli, seedPatients, signedInCookie: (username) => signedInCookie(dataDir, username) };
  if (process.env.BENCH_ONLY === 'api') await measureApi(cookie);
  else if (process.env.BENCH_ONLY === 'overhead') await measureApiOverhead(bench);
  else if (process.env.BENCH_ONLY === 'load') await measureLoad(bench);
  else if (process.env.BENCH_ONLY === 'uploads') await hostileUploads(cookie, await newChat(cookie));
  else if (process.env.BENCH_ONLY === 'agenda') await measureAgenda();
  else if (process.env.BENCH_ONLY === 'finance') await measureFinance();
  else if (process.env.BENCH_ONLY === 'video') await measureVideo(bench);
  // Lighthouse (mobile) on the screens of issue 34; only on its own, as it takes minutes.
  else if (process.env.BENCH_ONLY === 'lighthouse') await measureLighthouse(bench, { dataDir });
  // The embedded default (PGlite) in a server of its own, on the next port.
  else if (process.env.BENCH_ONLY === 'memory') await measureEmbeddedMemory({ port: port + 1 });
  else {
    await measureApi(cookie);
    await measureApiOverhead(bench);
    await measureLoad(bench);
    await measureAgenda();
    await measureFinance();
    await measureVideo(bench);
    await measureEmbeddedMemory({ port: port + 1 });
  }
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  // BENCH_KEEP=1 keeps the seeded database for EXPLAIN ANALYZE.
  if (!process.env.BENCH_KEEP) await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
}
