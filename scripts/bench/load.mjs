// The load run of `npm run bench` (issue 21): 200 professionals using the app at once for 60 s
// (BENCH_LOAD_SECONDS, BENCH_LOAD_USERS) against an instance of the built server on PostgreSQL,
// with the loopback fake model (scripts/fake-chat-model.mjs) behind the assistant. Each
// simulated professional has an account and patients of their own and, with a pause between
// actions as a person has, lists their patients, searches, opens a record, saves a record's
// content (with its version, as the editor's autosave does) and sends a chat message, reading
// the streamed answer to its end. Prints p50/p99 per kind and overall, the errors, and the
// server's peak RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { printProfile, summarizeProfile } from './cpu-profile.mjs';
import pg from 'pg';
import { callAt } from './http.mjs';
import { cpuMs, peakRssMb, rssMb, schedMs, startApiServer, stopProcess, waitForHealth } from './processes.mjs';

const PATIENTS_PER_USER = 5;
/** Pause between one professional's actions: uniform in this range (ms). */
const THINK_MS = [500, 2000];
/** How often each kind is chosen, out of the sum. */
const MIX = { list: 25, search: 20, open: 25, save: 20, chat: 10 };
const firstNames = ['Maria', 'José', 'Ana', 'João', 'Francisca', 'Antônio', 'Letícia', 'Sérgio'];
const lastNames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Gonçalves', 'Araújo', 'Ribeiro'];
const searches = ['silva', 'maria', 'sou', 'jo', 'gonc', 'ana', 'ribeiro', 'xyz'];

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const json = async (response) => (await response.json()).data;

/** Runs `work(item)` for every item, `parallel` at a time. */
async function eachLimited(items, parallel, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** The fake model as its own process, answering at once (the app's cost is what is measured). */
async function startFakeModel(port) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../fake-chat-model.mjs'), String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/v1`;
  await waitForHealth(`${url}/models`);
  return { child, url };
}

/**
 * `users` accounts cloned in SQL from one registered through the API (same password), each
 * signed in through the load server, with patients, a record each and a chat made through it.
 */
async function seedUsers(bench, base, users) {
  await bench.signedInCookie('bench_load');
  await bench.admin(
    `insert into users (username, email, password_hash, first_name, last_name)
     select 'bench_load_' || n, 'bench_load_' || n || '@example.com', password_hash, 'Profissional', n::text
     from users, generate_series(1, ${users}) n where username = 'bench_load'`,
    bench.url.toString(),
  );
  const seeded = [];
  await eachLimited(
    Array.from({ length: users }, (_, n) => n + 1),
    6,
    async (n) => {
      const login = await callAt(base, 'POST', '/v1/users/users-sessions', { username: `bench_load_${n}`, password: 'Senha123' });
      const cookie = login.headers.get('set-cookie').split(';')[0];
      const records = [];
      for (let p = 0; p < PATIENTS_PER_USER; p++) {
        const body = { firstName: pick(firstNames), lastName: `${pick(lastNames)} ${n}-${p}` };
        const { patient } = await json(await callAt(base, 'POST', '/v1/users/me/patients', body, cookie));
        const { record } = await json(await callAt(base, 'POST', `/v1/patients/${patient.id}/records`, { name: 'Evolução' }, cookie));
        records.push({ id: record.id, version: record.version, patientId: patient.id });
      }
      const { aiAssistants } = await json(await callAt(base, 'GET', '/v1/users/me/ai-assistants', undefined, cookie));
      const { chat } = await json(await callAt(base, 'POST', `/v1/patients/${records[0].patientId}/chats`, { name: 'Sessão', aiAssistantId: aiAssistants[0].id }, cookie));
      seeded.push({ cookie, records, chatId: chat.id });
    },
  );
  return seeded;
}

/** Reads a streamed answer to its end: it must finish with `done`, never `error`. */
async function readStream(response) {
  const text = await response.text();
  if (text.includes('event: error')) throw new Error(`streamed answer failed: ${text.slice(text.indexOf('event: error'), text.indexOf('event: error') + 200)}`);
  if (!text.includes('event: done')) throw new Error('streamed answer ended without done');
}

/** One action of one professional. */
const actions = {
  list: (base, user) => callAt(base, 'GET', '/v1/users/me/patients?q=', undefined, user.cookie).then((r) => r.arrayBuffer()),
  search: (base, user) => callAt(base, 'GET', `/v1/users/me/patients?q=${encodeURIComponent(pick(searches))}`, undefined, user.cookie).then((r) => r.arrayBuffer()),
  open: async (base, user) => {
    const record = pick(user.records);
    const data = await json(await callAt(base, 'GET', `/v1/records/${record.id}`, undefined, user.cookie));
    record.version = data.record.version;
  },
  save: async (base, user) => {
    const record = pick(user.records);
    const content = `<p>Sessão de ${new Date().toISOString()}: paciente relata melhora do sono e retomada das atividades.</p>`.repeat(3);
    const data = await json(await callAt(base, 'PUT', `/v1/records/${record.id}/content`, { content, version: record.version, autosave: true }, user.cookie));
    record.version = data.record.version;
  },
  chat: async (base, user) => {
    const response = await callAt(base, 'POST', `/v1/chats/${user.chatId}/send-text/stream`, { userText: 'Paciente relata ansiedade antes das provas. Sugestões?' }, user.cookie);
    await readStream(response);
  },
};

function chooseKind() {
  const total = Object.values(MIX).reduce((sum, weight) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [kind, weight] of Object.entries(MIX)) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'list';
}

/** Every professional acting until `deadline`; latencies (ms) and errors by kind. */
async function drive(base, users, deadline) {
  const latencies = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, []]));
  const errors = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, []]));
  const think = () => THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);
  await Promise.all(
    users.map(async (user) => {
      await sleep(Math.random() * THINK_MS[1]);
      while (Date.now() < deadline) {
        const kind = chooseKind();
        const started = performance.now();
        try {
          await actions[kind](base, user);
          latencies[kind].push(performance.now() - started);
        } catch (error) {
          errors[kind].push(error.message);
        }
        await sleep(think());
      }
    }),
  );
  return { latencies, errors };
}

function percentile(sorted, share) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

function report({ latencies, errors }, { users, seconds, peakRss, vmHwm, load, cpuShare }) {
  const line = (title, values, failures) => {
    const sorted = [...values].sort((a, b) => a - b);
    const p = (share) => percentile(sorted, share).toFixed(0).padStart(5);
    return `  ${title.padEnd(8)} ${String(values.length).padStart(6)} done  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  max ${p(1)} ms  ${failures} errors`;
  };
  const all = Object.values(latencies).flat();
  const errorCount = Object.values(errors).reduce((sum, list) => sum + list.length, 0);
  console.log(`\nLoad: ${users} professionals for ${seconds} s on PostgreSQL, ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between actions (${(all.length / seconds).toFixed(0)} actions/s; load average ${load.start.toFixed(1)} at the start, ${load.end.toFixed(1)} at the end)`);
  for (const kind of Object.keys(MIX)) console.log(line(kind, latencies[kind], errors[kind].length));
  console.log(line('all', all, errorCount));
  console.log(`  server peak RSS ${vmHwm.toFixed(0)} MB (sampled every 100 ms: ${peakRss.toFixed(0)} MB), CPU ${(cpuShare * 100).toFixed(0)} % of a core; targets: p99 < 300 ms, no error, RSS < 600 MB`);
  for (const [kind, list] of Object.entries(errors)) for (const message of list.slice(0, 3)) console.log(`  ${kind} error: ${message}`);
}

/** The PostgreSQL backends serving the bench database (the load server's pool, once warm). */
async function backendPids(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** The kind of action a logged request was, by its method and URL. */
function kindOf(method, url) {
  if (url.startsWith('/v1/users/me/patients?q=')) return url === '/v1/users/me/patients?q=' ? 'list' : 'search';
  if (method === 'GET' && url.startsWith('/v1/records/')) return 'open';
  if (method === 'PUT' && url.endsWith('/content')) return 'save';
  if (url.endsWith('/send-text/stream')) return 'chat';
  return undefined;
}

/**
 * The same percentiles from the server's own log (time from the request's arrival to the last
 * byte handed to the socket): what the server itself took, without the load generator's waits.
 */
function reportServerTimes(logFile, since) {
  const times = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, []]));
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line);
    const kind = entry.time >= since ? kindOf(entry.req?.method, entry.req?.url ?? '') : undefined;
    if (kind) times[kind].push(entry.responseTime);
  }
  const p = (values, share) => percentile([...values].sort((a, b) => a - b), share).toFixed(0).padStart(5);
  const cells = Object.entries(times).map(([kind, values]) => `${kind} ${p(values, 0.5)} / ${p(values, 0.99)}`);
  const all = Object.values(times).flat();
  console.log(`  as the server timed them (p50 / p99 ms): ${cells.join(' · ')} · all ${p(all, 0.5)} / ${p(all, 0.99)}`);
}

/** The peak resident memory the kernel recorded for the process, in MB. */

/** `bench`: the main bench's port, database URL and helpers (signedInCookie, admin). */
export async function measureLoad(bench, { users = Number(process.env.BENCH_LOAD_USERS ?? 200), seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60) } = {}) {
  const model = await startFakeModel(bench.port + 4);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-load-'));
  // BENCH_LOAD_PROFILE=1: the server runs with `node --cpu-prof`, summarized at the end.
  const profileDir = process.env.BENCH_LOAD_PROFILE ? mkdtempSync(path.join(tmpdir(), 'consultorio-load-profile-')) : undefined;
  const server = await startApiServer({
    port: bench.port + 5,
    databaseUrl: bench.url.toString(),
    dataDir,
    // As in production: the default log level, a model behind the assistant.
    env: { LOG_LEVEL: 'info', AI_BASE_URL: model.url, AI_MODEL: 'fake-model' },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    logFile: path.join(dataDir, 'server.log'),
  });
  try {
    const seedStart = performance.now();
    const seeded = await seedUsers(bench, server.base, users);
    console.log(`\nLoad: ${users} professionals with ${PATIENTS_PER_USER} patients and records each, and a chat, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.child.pid));
    }, 100);
    const load = { start: loadavg()[0], end: 0 };
    const runStartedAt = Date.now();
    const cpuBefore = cpuMs(server.child.pid);
    const backends = await backendPids(bench.url.toString());
    const schedBefore = { server: schedMs([server.child.pid]), database: schedMs(backends) };
    const result = await drive(server.base, seeded, Date.now() + seconds * 1000);
    const cpuShare = (cpuMs(server.child.pid) - cpuBefore) / (seconds * 1000);
    const schedAfter = { server: schedMs([server.child.pid]), database: schedMs(backends) };
    clearInterval(sampler);
    load.end = loadavg()[0];
    report(result, { users, seconds, peakRss, vmHwm: peakRssMb(server.child.pid), load, cpuShare });
    reportServerTimes(path.join(dataDir, 'server.log'), runStartedAt);
    const spent = (who) => `ran ${((schedAfter[who].run - schedBefore[who].run) / 1000).toFixed(1)} s and waited ${((schedAfter[who].wait - schedBefore[who].wait) / 1000).toFixed(1)} s for a CPU`;
    console.log(`  during the run the server ${spent('server')}; its ${backends.length} PostgreSQL connections ${spent('database')}`);
  } finally {
    await server.stop();
    await stopProcess(model.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (profileDir) {
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    console.log(`\nCPU profile of the server (seeding and the run; kept in ${profileDir}):`);
    printProfile(summarizeProfile(path.join(profileDir, file), { top: 25 }));
  }
}
