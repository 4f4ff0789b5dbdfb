// The load run of `npm run bench` (issues 21 and 34): 1,000 professionals using the app at once
// for 60 s (BENCH_LOAD_USERS, BENCH_LOAD_SECONDS) against the built server on PostgreSQL (one
// instance, or BENCH_LOAD_INSTANCES of them on the same database, the simulated professionals
// shared among them as a load balancer would), with the loopback fake model
// (scripts/fake-chat-model.mjs) behind the assistant. Each simulated professional has an account,
// patients with a record and a weekly appointment each, a chat and a booking page open to
// bookings, and, with a pause between actions as a person has, lists their patients, searches,
// opens a record, saves a record's content (with its version, as the editor's autosave does),
// sends a chat message and reads the streamed answer to its end, reads the agenda's week; and a
// visitor of a booking page reads a week of its free slots (BENCH_LOAD_MIX to weigh them
// otherwise). Prints p50/p99 per kind and overall, the errors, the server's peak RSS, the CPU per
// action of the server, PostgreSQL and the load generator, what may limit it (the pg pool, seen
// by scripts/bench/pool-probe.mjs; sockets; the event loop's delay and its time waiting for a
// CPU) and the load average. BENCH_LOAD_POOL_MAX resizes the servers' pools, to compare.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { printProfile, summarizeProfile } from './cpu-profile.mjs';
import pg from 'pg';
import { callAt } from './http.mjs';
import { cpuMs, peakRssMb, rssMb, schedMs, startApiServer, stopProcess, waitForHealth } from './processes.mjs';

/** Each professional's patients, each with a record and a weekly appointment (a week's agenda of 25). */
const PATIENTS_PER_USER = 25;
/** The weekly series run from 2 weeks back to 2 weeks ahead. */
const SERIES_WEEKS = 5;
/** Pause between one professional's actions: uniform in this range (ms). */
const THINK_MS = [500, 2000];
/**
 * How often each kind is chosen, out of 100 (the reasons are in docs/decisions.md, issue 34):
 * the record's screens and the list most, the assistant's answers less often, the agenda's week
 * (opened, moved through, and read again every 30 s while open) 10, and the visitors of the
 * professionals' booking pages reading a week of slots 5.
 */
const DEFAULT_MIX = { list: 20, search: 15, open: 20, save: 20, chat: 10, agenda: 10, slots: 5 };
/** BENCH_LOAD_MIX ('list=1' or 'list=20,save=20'): other weights, e.g. one kind alone for its CPU per action. */
const MIX = process.env.BENCH_LOAD_MIX
  ? Object.fromEntries(process.env.BENCH_LOAD_MIX.split(',').map((entry) => entry.split('=')).map(([kind, weight]) => [kind.trim(), Number(weight)]))
  : DEFAULT_MIX;
for (const kind of Object.keys(MIX)) if (!(kind in DEFAULT_MIX)) throw new Error(`BENCH_LOAD_MIX: no action '${kind}' (${Object.keys(DEFAULT_MIX).join(', ')})`);
/** The professionals' zone (the default), without daylight saving time since 2019. */
const ZONE_OFFSET = '-03:00';
/** The server's pool of PostgreSQL connections (apps/api/src/db/client.ts). */
const POOL_SIZE = 10;
const METRICS_TOKEN = 'bench-load-metrics-token';
const firstNames = ['Maria', 'José', 'Ana', 'João', 'Francisca', 'Antônio', 'Letícia', 'Sérgio'];
const lastNames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Gonçalves', 'Araújo', 'Ribeiro'];
const searches = ['silva', 'maria', 'sou', 'jo', 'gonc', 'ana', 'ribeiro', 'xyz'];

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const json = async (response) => (await response.json()).data;

/** The fake model as its own process, answering at once (the app's cost is what is measured). */
async function startFakeModel(port) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../fake-chat-model.mjs'), String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/v1`;
  await waitForHealth(`${url}/models`);
  return { child, url };
}

/** Today's date (YYYY-MM-DD) in the professionals' zone, `days` later. */
function localDay(days = 0) {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
}

/** The Monday (YYYY-MM-DD) of this week in the professionals' zone, `weeks` later. */
function localMonday(weeks = 0) {
  const today = new Date(`${localDay()}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() - ((today.getUTCDay() + 6) % 7) + weeks * 7);
  return today.toISOString().slice(0, 10);
}

/**
 * The template professional, made through the API as the web app would: patients, a record and
 * a weekly series each (Monday to Friday, five a day), a chat, and the booking page's
 * availability (weekdays 08:00-18:00, in person or online).
 */
async function seedTemplate(bench, base) {
  // Registered and signed in through the main bench server: a session works on any instance.
  const cookie = await bench.signedInCookie('bench_load');
  const firstMonday = new Date(`${localMonday(-2)}T00:00:00Z`);
  const patientIds = [];
  for (let p = 0; p < PATIENTS_PER_USER; p++) {
    const body = { firstName: firstNames[p % firstNames.length], lastName: `${lastNames[(p * 3) % lastNames.length]} ${p}` };
    const { patient } = await json(await callAt(base, 'POST', '/v1/users/me/patients', body, cookie));
    patientIds.push(patient.id);
    await callAt(base, 'POST', `/v1/patients/${patient.id}/records`, { name: 'Evolução' }, cookie);
    const day = new Date(firstMonday.getTime() + (p % 5) * 86_400_000).toISOString().slice(0, 10);
    const hour = [8, 9, 10, 14, 15][Math.floor(p / 5) % 5];
    const startsAt = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${ZONE_OFFSET}`).toISOString();
    await callAt(base, 'POST', '/v1/users/me/appointments', { patientId: patient.id, startsAt, recurrence: { frequency: 'weekly', count: SERIES_WEEKS } }, cookie);
  }
  const { aiAssistants } = await json(await callAt(base, 'GET', '/v1/users/me/ai-assistants', undefined, cookie));
  await callAt(base, 'POST', `/v1/patients/${patientIds[0]}/chats`, { name: 'Sessão', aiAssistantId: aiAssistants[0].id }, cookie);
  const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));
  const availability = { weekly, sessionMinutes: 50, bufferMinutes: 10, minNoticeHours: 24, maxDaysAhead: 60, modalities: ['in_person', 'online'], requiresApproval: false, cancellationNoticeHours: 24 };
  await callAt(base, 'PUT', '/v1/users/me/availability', availability, cookie);
}

/**
 * Copies the template's rows of `table` to every clone: the owner column becomes the clone's id,
 * every other uuid column (ids and references to rows copied the same way) a uuid derived from
 * the template's and the clone's number (`pg_temp.clone_id`), except the columns in `keep`
 * (references to shared rows).
 */
async function cloneRows(client, table, ownerColumn, templateId, keep = []) {
  const { rows } = await client.query(
    `select column_name, data_type from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  const value = ({ column_name: name, data_type: type }) => {
    if (name === ownerColumn) return 'c.id';
    if (type === 'uuid' && !keep.includes(name)) return `pg_temp.clone_id(t.${name}, c.n)`;
    return `t.${name}`;
  };
  const result = await client.query(
    `insert into ${table} (${rows.map((row) => row.column_name).join(', ')})
     select ${rows.map(value).join(', ')} from ${table} t, load_clones c where t.${ownerColumn} = $1`,
    [templateId],
  );
  return result.rowCount;
}

/**
 * `users` professionals cloned in SQL from the template (its rows copied, a session made for
 * each, as a sign-in through the API would cost an argon2 hash of 19 MiB each), each with a
 * booking page at 'bench-load-<n>': seconds for 1,000.
 */
async function seedUsers(bench, base, users) {
  const started = performance.now();
  await seedTemplate(bench, base);
  const templateSeconds = (performance.now() - started) / 1000;
  const client = new pg.Client({ connectionString: bench.url.toString() });
  await client.connect();
  try {
    await client.query('begin');
    const template = (await client.query(`select id from users where username = 'bench_load'`)).rows[0].id;
    await client.query(
      `insert into users (username, email, password_hash, first_name, last_name, booking_slug, booking_enabled)
       select 'bench_load_' || n, 'bench_load_' || n || '@example.com', password_hash, 'Profissional', n::text, 'bench-load-' || n, true
       from users, generate_series(1, $1::int) n where username = 'bench_load'`,
      [users],
    );
    // A version 4 uuid made from the template's and the clone's number (the API checks the version).
    await client.query(
      `create function pg_temp.clone_id(id uuid, n int) returns uuid language sql immutable
       as $$ select overlay(overlay(md5(id::text || ':' || n) placing '4' from 13) placing '8' from 17)::uuid $$`,
    );
    await client.query(`create temp table load_clones on commit drop as select id, substr(username, 12)::int n from users where username like 'bench\\_load\\_%'`);
    const copied = {};
    const copy = async (table, ownerColumn, keep) => {
      const tableStarted = performance.now();
      const count = await cloneRows(client, table, ownerColumn, template, keep);
      copied[table] = { count, seconds: (performance.now() - tableStarted) / 1000 };
    };
    for (const table of ['patients', 'records', 'appointment_series', 'appointments']) await copy(table, 'owner_id');
    await copy('chats', 'owner_id', ['ai_assistant_id']);
    await copy('booking_settings', 'user_id', ['intake_template_id']);
    await client.query(`create temp table load_tokens on commit drop as select id, n, 'bench-load-' || n || '-' || md5(random()::text || n) token from load_clones`);
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at, absolute_expires_at)
       select encode(sha256(convert_to(token, 'UTF8')), 'hex'), id, now() + interval '1 day', now() + interval '1 day' from load_tokens`,
    );
    const { rows: tokens } = await client.query('select id, n, token from load_tokens order by n');
    const { rows: records } = await client.query('select owner_id, id, version from records where owner_id in (select id from load_clones)');
    const { rows: chats } = await client.query('select owner_id, id from chats where owner_id in (select id from load_clones)');
    await client.query('commit');
    const byOwner = new Map(tokens.map(({ id, n, token }) => [id, { cookie: `sid=${token}`, slug: `bench-load-${n}`, ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, records: [], chatId: undefined }]));
    for (const record of records) byOwner.get(record.owner_id).records.push({ id: record.id, version: record.version });
    for (const chat of chats) byOwner.get(chat.owner_id).chatId = chat.id;
    return { seeded: [...byOwner.values()], copied, templateSeconds, copySeconds: (performance.now() - started) / 1000 - templateSeconds };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
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
  // The agenda's week view as the web app asks for it: Monday to Monday in the professional's zone.
  agenda: (base, user) => {
    const from = new Date(`${localMonday()}T00:00:00${ZONE_OFFSET}`);
    const to = new Date(from.getTime() + 7 * 86_400_000);
    return callAt(base, 'GET', `/v1/users/me/appointments?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`, undefined, user.cookie).then((r) => r.arrayBuffer());
  },
  // A visitor of a booking page (no session, an address of their own behind the proxy) reading its first week of slots.
  slots: async (base, user, visited) => {
    const response = await callAt(base, 'GET', `/v1/booking/${visited.slug}/slots?from=${localDay()}&to=${localDay(6)}`, undefined, undefined, { 'x-forwarded-for': user.ip });
    const { slots } = await json(response);
    if (slots.length === 0) throw new Error(`no free slot on ${visited.slug}'s page`);
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

/**
 * Every professional acting until `deadline`, the n-th on the n-th instance in turn (as a load
 * balancer would share them; any instance serves any session); latencies (ms) and errors by kind.
 */
async function drive(bases, users, deadline) {
  const latencies = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, []]));
  const errors = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, []]));
  const think = () => THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);
  await Promise.all(
    users.map(async (user, n) => {
      const base = bases[n % bases.length];
      await sleep(Math.random() * THINK_MS[1]);
      while (Date.now() < deadline) {
        const kind = chooseKind();
        const started = performance.now();
        try {
          await actions[kind](base, user, pick(users));
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

function report({ latencies, errors }, { users, instances, seconds, elapsed, load }) {
  const line = (title, values, failures) => {
    const sorted = [...values].sort((a, b) => a - b);
    const p = (share) => percentile(sorted, share).toFixed(0).padStart(5);
    return `  ${title.padEnd(8)} ${String(values.length).padStart(6)} done  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  max ${p(1)} ms  ${failures} errors`;
  };
  const all = Object.values(latencies).flat();
  const errorCount = Object.values(errors).reduce((sum, list) => sum + list.length, 0);
  const servers = instances === 1 ? 'one server' : `${instances} servers`;
  const averages = (values) => values.map((value) => value.toFixed(1)).join(' ');
  console.log(
    `\nLoad: ${users} professionals for ${seconds} s on PostgreSQL (${servers}; the last answer ${(elapsed - seconds).toFixed(1)} s later), ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between actions: ${(all.length / elapsed).toFixed(0)} actions/s; load average ${averages(load.start)} at the start, ${averages(load.end)} at the end`,
  );
  for (const kind of Object.keys(MIX)) console.log(line(kind, latencies[kind], errors[kind].length));
  console.log(line('all', all, errorCount));
  for (const [kind, list] of Object.entries(errors)) for (const message of list.slice(0, 3)) console.log(`  ${kind} error: ${message}`);
  return all.length;
}

/** The PostgreSQL backends serving the bench database (the load servers' pools, once warm). */
async function backendPids(client) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return rows.map((row) => row.pid);
}

/** How many of the bench database's connections are running a statement now (the sampler's own left out). */
async function activeBackends(client) {
  const { rows } = await client.query(`select count(*)::int n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
  return rows[0].n;
}

/** Established TCP connections whose local port is one of `ports` (the servers' side of the sockets). */
function openSockets(ports) {
  const hex = new Set(ports.map((port) => port.toString(16).toUpperCase().padStart(4, '0')));
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6
    }
    for (const row of text.split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      if (fields.length > 3 && fields[3] === '01' && hex.has(fields[1].split(':')[1])) count++;
    }
  }
  return count;
}

/** Time the main thread (the event loop) of a process ran on a CPU and waited for one, in ms. */
function eventLoopThreadMs(pid) {
  const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
  return { run: ran / 1e6, wait: waited / 1e6 };
}

/** The pool probe's figures since its last read (scripts/bench/pool-probe.mjs), one per pool. */
async function readPoolProbe(child, file) {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
  const before = lines().length;
  child.kill('SIGUSR2');
  for (let tries = 0; tries < 100 && lines().length === before; tries++) await sleep(50);
  return JSON.parse(lines().at(-1));
}

/** The event loop's delay as prom-client measured it since the last read of /metrics (p50 and p99, ms). */
async function eventLoopLag(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p50: value('nodejs_eventloop_lag_p50_seconds'), p99: value('nodejs_eventloop_lag_p99_seconds') };
}

/** The kind of action a logged request was, by its method and URL. */
function kindOf(method, url) {
  if (url.startsWith('/v1/users/me/patients?q=')) return url === '/v1/users/me/patients?q=' ? 'list' : 'search';
  if (method === 'GET' && url.startsWith('/v1/records/')) return 'open';
  if (method === 'PUT' && url.endsWith('/content')) return 'save';
  if (url.endsWith('/send-text/stream')) return 'chat';
  if (url.startsWith('/v1/users/me/appointments?')) return 'agenda';
  if (url.startsWith('/v1/booking/') && url.includes('/slots?')) return 'slots';
  return undefined;
}

/**
 * The same percentiles from the server's own log (time from the request's arrival to the last
 * byte handed to the socket): what the server itself took, without the load generator's waits.
 */
function reportServerTimes(logFile, since, title = '') {
  const times = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, []]));
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line);
    const kind = entry.time >= since ? kindOf(entry.req?.method, entry.req?.url ?? '') : undefined;
    if (kind && times[kind]) times[kind].push(entry.responseTime);
  }
  const p = (values, share) => percentile([...values].sort((a, b) => a - b), share).toFixed(0).padStart(5);
  const cells = Object.entries(times).map(([kind, values]) => `${kind} ${p(values, 0.5)} / ${p(values, 0.99)}`);
  const all = Object.values(times).flat();
  console.log(`  as the server${title} timed them (p50 / p99 ms): ${cells.join(' · ')} · all ${p(all, 0.5)} / ${p(all, 0.99)}`);
}

/** `bench`: the main bench's port, database URL and helpers (signedInCookie, admin). */
export async function measureLoad(
  bench,
  {
    users = Number(process.env.BENCH_LOAD_USERS ?? 1000),
    seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60),
    instances = Number(process.env.BENCH_LOAD_INSTANCES ?? 1),
  } = {},
) {
  const model = await startFakeModel(bench.port + 4);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-load-'));
  // BENCH_LOAD_PROFILE=1: the server runs with `node --cpu-prof`, summarized at the end.
  const profileDir = process.env.BENCH_LOAD_PROFILE ? mkdtempSync(path.join(tmpdir(), 'consultorio-load-profile-')) : undefined;
  const servers = [];
  const sql = new pg.Client({ connectionString: bench.url.toString() });
  await sql.connect();
  try {
    for (let index = 0; index < instances; index++) {
      servers.push(
        await startApiServer({
          // The first on the port after the model's, the others after the bench's other servers.
          port: index === 0 ? bench.port + 5 : bench.port + 10 + index,
          databaseUrl: bench.url.toString(),
          dataDir,
          // As in production: the default log level, a model behind the assistant, behind a proxy
          // that names the client (the booking page's visitors come from many addresses, and its
          // limit is per address); /metrics for the event loop's delay.
          env: { LOG_LEVEL: 'info', AI_BASE_URL: model.url, AI_MODEL: 'fake-model', TRUST_PROXY: 'true', METRICS_TOKEN, POOL_PROBE_FILE: path.join(dataDir, `pool-${index}.jsonl`), POOL_PROBE_MAX: process.env.BENCH_LOAD_POOL_MAX ?? '' },
          nodeArgs: ['--import', path.join(import.meta.dirname, 'pool-probe.mjs'), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
          logFile: path.join(dataDir, `server-${index}.log`),
        }),
      );
    }
    const seedStart = performance.now();
    const { seeded, copied, templateSeconds, copySeconds } = await seedUsers(bench, servers[0].base, users);
    const vacuumStart = performance.now();
    await bench.admin('vacuum analyze', bench.url.toString());
    const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
    const rows = Object.entries(copied)
      .map(([table, { count, seconds: took }]) => `${count} ${table} (${took.toFixed(1)} s)`)
      .join(', ');
    console.log(
      `\nLoad: ${users} professionals (${PATIENTS_PER_USER} patients each, a record and a weekly appointment per patient, a chat, a booking page) seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: the template through the API in ${templateSeconds.toFixed(1)} s, then ${rows} copied in SQL in ${copySeconds.toFixed(1)} s, vacuum analyze ${vacuumSeconds.toFixed(1)} s`,
    );
    const pids = servers.map((server) => server.child.pid);
    const ports = servers.map((server) => Number(new URL(server.base).port));
    // A first round of each action (statements prepared, pools opened) before the clock starts.
    await Promise.all(seeded.slice(0, 20).flatMap((user, n) => Object.keys(MIX).map((kind) => actions[kind](servers[n % instances].base, user, user))));
    await Promise.all(servers.map((server) => eventLoopLag(server.base)));
    await Promise.all(servers.map((server) => readPoolProbe(server.child, path.join(dataDir, `pool-${servers.indexOf(server)}.jsonl`))));
    const samples = { rss: 0, sockets: 0, active: [] };
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      samples.rss = Math.max(samples.rss, pids.reduce((sum, pid) => sum + rssMb(pid), 0));
      samples.sockets = Math.max(samples.sockets, openSockets(ports));
      sampling = sampling.then(() => activeBackends(sql).then((n) => samples.active.push(n), () => undefined));
    }, 200);
    // The idle baseline: what the servers (job polling, the sessions' listener) and the load
    // generator (this sampler) spend per second with nobody acting, taken off the per-action figures.
    const idleMs = 5000;
    const idleBefore = { server: pids.map((pid) => cpuMs(pid)), generator: process.cpuUsage() };
    await sleep(idleMs);
    const idleGenerator = process.cpuUsage(idleBefore.generator);
    const idle = {
      server: pids.reduce((sum, pid, index) => sum + cpuMs(pid) - idleBefore.server[index], 0) / idleMs,
      generator: (idleGenerator.user + idleGenerator.system) / 1000 / idleMs,
    };
    const load = { start: loadavg(), end: [] };
    const runStartedAt = Date.now();
    const cpuBefore = pids.map((pid) => cpuMs(pid));
    const generatorBefore = process.cpuUsage();
    const backends = await backendPids(sql);
    const schedBefore = { server: schedMs(pids), loops: pids.map(eventLoopThreadMs), database: new Map(backends.map((pid) => [pid, schedMs([pid])])) };
    const driveStarted = performance.now();
    const result = await drive(
      servers.map((server) => server.base),
      seeded,
      Date.now() + seconds * 1000,
    );
    // Actions still under way at the deadline finish after it: rates are over the whole time.
    const elapsed = (performance.now() - driveStarted) / 1000;
    const cpuAfter = pids.map((pid) => cpuMs(pid));
    const generator = process.cpuUsage(generatorBefore);
    const serverRun = schedMs(pids);
    const loopsRun = pids.map(eventLoopThreadMs);
    clearInterval(sampler);
    await sampling;
    const backendsAfter = await backendPids(sql);
    const databaseRun = { run: 0, wait: 0 };
    for (const pid of new Set([...backends, ...backendsAfter])) {
      // A connection opened during the run counts from zero; one closed meanwhile is lost (the pools keep theirs).
      const before = schedBefore.database.get(pid) ?? { run: 0, wait: 0 };
      const after = schedMs([pid]);
      databaseRun.run += Math.max(0, after.run - before.run);
      databaseRun.wait += Math.max(0, after.wait - before.wait);
    }
    load.end = loadavg();
    const done = report(result, { users, instances, seconds, elapsed, load });
    const lags = await Promise.all(servers.map((server) => eventLoopLag(server.base)));
    const poolFigures = await Promise.all(servers.map((server, index) => readPoolProbe(server.child, path.join(dataDir, `pool-${index}.jsonl`))));
    servers.forEach((_, index) => reportServerTimes(path.join(dataDir, `server-${index}.log`), runStartedAt, instances === 1 ? '' : ` ${index + 1}`));
    const perAction = (ms, idleShare = 0) => `${(ms / done).toFixed(2)} ms${idleShare ? ` (${((ms - idleShare * elapsed * 1000) / done).toFixed(2)} ms above idle)` : ''}`;
    const share = (ms) => `${((ms / (elapsed * 1000)) * 100).toFixed(0)} % of a core`;
    const serverCpu = cpuAfter.reduce((sum, after, index) => sum + after - cpuBefore[index], 0);
    const generatorCpu = (generator.user + generator.system) / 1000;
    const databaseCpu = databaseRun.run;
    console.log(
      `  CPU per action: server ${perAction(serverCpu, idle.server)} (${share(serverCpu)}${instances === 1 ? '' : ` over ${instances} processes`}; idle ${(idle.server * 1000).toFixed(0)} ms/s), PostgreSQL ${perAction(databaseCpu)} (${share(databaseCpu)}), load generator ${perAction(generatorCpu, idle.generator)} (${share(generatorCpu)})`,
    );
    const active = samples.active.toSorted((a, b) => a - b);
    const poolSize = (Number(process.env.BENCH_LOAD_POOL_MAX) || POOL_SIZE) * instances;
    const atPoolSize = samples.active.filter((n) => n >= poolSize).length / Math.max(1, samples.active.length);
    const lagText = lags.map((lag) => `${lag.p50.toFixed(0)} / ${lag.p99.toFixed(0)} ms`).join(', ');
    console.log(
      `  server peak RSS ${samples.rss.toFixed(0)} MB${instances === 1 ? '' : ' (all instances)'} (VmHWM ${pids.map((pid) => peakRssMb(pid).toFixed(0)).join(' + ')} MB); open sockets at most ${samples.sockets}; statements running at once in PostgreSQL: median ${percentile(active, 0.5)}, p99 ${percentile(active, 0.99)}, ${(atPoolSize * 100).toFixed(0)} % of the samples at the pools' ${poolSize}; event loop delay p50 / p99 ${lagText}`,
    );
    // The app's pool is the one with the most checkouts (pg-boss has its own).
    const poolText = poolFigures
      .map((figures) => figures.toSorted((a, b) => b.checkouts - a.checkouts)[0])
      .map((pool) => `${(pool.fullShare * 100).toFixed(0)} % of the time all ${pool.max} checked out, queries waiting for one p50 ${pool.waitingP50}, p99 ${pool.waitingP99}`)
      .join('; ');
    console.log(`  the app's pg pool${instances === 1 ? '' : 's'}: ${poolText}`);
    const spent = (times, before = { run: 0, wait: 0 }) => `ran ${((times.run - before.run) / 1000).toFixed(1)} s and waited ${((times.wait - before.wait) / 1000).toFixed(1)} s for a CPU`;
    // An event loop that ran or waited for a CPU all the time was saturated, whatever its CPU share.
    const loops = loopsRun.map((after, index) => `${spent(after, schedBefore.loops[index])} (busy ${(((after.run - schedBefore.loops[index].run + after.wait - schedBefore.loops[index].wait) / (elapsed * 1000)) * 100).toFixed(0)} % of the time)`);
    console.log(
      `  during the run the server${instances === 1 ? '' : 's'} (all threads) ${spent(serverRun, schedBefore.server)}, the event loop${instances === 1 ? '' : 's'} ${loops.join(', ')}; the ${backendsAfter.length} PostgreSQL connections ${spent(databaseRun)}; targets: p99 < 300 ms, no error, RSS < 600 MB`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await sql.end();
    await stopProcess(model.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (profileDir) {
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    console.log(`\nCPU profile of the server (seeding and the run; kept in ${profileDir}):`);
    printProfile(summarizeProfile(path.join(profileDir, file), { top: 25 }));
  }
}
