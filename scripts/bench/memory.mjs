// The embedded default's memory (issue 21): starts `npm start`'s server (scripts/start.mjs: PGlite
// in DATA_DIR/db, local files, mail to disk, offline assistant) on a fresh DATA_DIR, reads its
// peak (VmHWM) until /healthz answers, signs a professional in and lists 20 patients, waits for
// the memory to settle and reads the idle RSS with its breakdown; then restarts on the same
// DATA_DIR and measures again. Each start then takes a load (BENCH_MEMORY_REQUESTS requests, 4 at a
// time: the patient list, its search, a patient, a record opened and autosaved, `/users/me`) and
// is left alone again. `node scripts/bench/memory.mjs` runs it alone; BENCH_NODE_OPTIONS adds node
// options to `npm start`'s (to compare settings).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { callAt } from './http.mjs';
import { cpuMs, peakRssMb, rssMb } from './processes.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const probe = path.join(import.meta.dirname, 'memory-probe.mjs');
const MB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function status(pid) {
  return { rssMb: rssMb(pid), peakMb: peakRssMb(pid) };
}

/** Resident memory by mapping, in MB: the WebAssembly memories (sizes from the probe), files (node's code, libraries), the rest (V8 heap, malloc). */
function residentByMapping(pid, wasmBytes) {
  const mappings = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) mappings.push({ bytes: parseInt(head[2], 16) - parseInt(head[1], 16), file: head[3] !== '0' ? head[4] : '', rssKb: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.at(-1).rssKb = Number(rss[1]);
  }
  const sum = (list) => list.reduce((total, mapping) => total + mapping.rssKb, 0) / 1024;
  const wasm = mappings.filter((mapping) => !mapping.file && wasmBytes.includes(mapping.bytes));
  const files = mappings.filter((mapping) => mapping.file);
  return { wasmMb: sum(wasm), filesMb: sum(files), anonymousMb: sum(mappings) - sum(wasm) - sum(files) };
}

/** process.memoryUsage() and the WebAssembly memories' sizes, written by the probe on SIGUSR2. */
async function probeSnapshot(child, probeFile) {
  const before = existsSync(probeFile) ? readFileSync(probeFile, 'utf8').length : 0;
  child.kill('SIGUSR2');
  for (let tries = 0; tries < 100; tries++) {
    await sleep(50);
    const text = existsSync(probeFile) ? readFileSync(probeFile, 'utf8') : '';
    if (text.length > before) return JSON.parse(text.slice(before).trim().split('\n')[0]);
  }
  throw new Error('the memory probe did not answer');
}

async function healthy(base) {
  return fetch(`${base}/healthz`).then((response) => response.ok, () => false);
}

/** Samples the peak while the server starts; resolves when /healthz answers. */
async function waitUntilReady(child, base, exited) {
  const started = performance.now();
  while (performance.now() - started < 180_000) {
    if (exited.code !== undefined) throw new Error(`the server exited (${exited.code}) before answering /healthz`);
    if (await healthy(base)) return { readyMs: performance.now() - started, ...status(child.pid) };
    await sleep(100);
  }
  throw new Error('the server did not answer /healthz in 3 minutes');
}

/**
 * The resident memory once the server has been left alone: V8 gives back the heap it grew
 * during start-up and use only when it sees the process idle (its memory reducer, after some
 * 30-60 s here), so this waits `idleSeconds`, then until the RSS moves less than 1 MB in 5 s.
 */
async function settle(pid, idleSeconds) {
  await sleep(idleSeconds * 1000);
  let last = status(pid).rssMb;
  for (let waited = 0; waited < 60_000; waited += 5000) {
    await sleep(5000);
    const now = status(pid).rssMb;
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

/** BENCH_NODE_OPTIONS: node (and V8) options added to `npm start`'s, to compare settings. */
const extraNodeOptions = () => (process.env.BENCH_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);

/** `npm start`'s node options (package.json), so that the server runs as `npm start` runs it. */
function startCommandArgs() {
  const [command, ...args] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.split(/\s+/);
  if (command !== 'node' || args.at(-1) !== 'scripts/start.mjs') throw new Error('package.json: expected "start": "node [options] scripts/start.mjs"');
  return args.slice(0, -1);
}

async function confirmationToken(dataDir, address) {
  const mailDir = path.join(dataDir, 'mail');
  for (let tries = 0; tries < 300; tries++) {
    for (const name of existsSync(mailDir) ? readdirSync(mailDir) : []) {
      const mail = readFileSync(path.join(mailDir, name), 'utf8').replace(/=\r?\n/g, '');
      const token = mail.includes(address) && /token=(?:3D)?([A-Za-z0-9_-]+)/.exec(mail);
      if (token) return token[1];
    }
    await sleep(100);
  }
  throw new Error(`no mail to ${address}`);
}

/** What a first visit does: the login page, a registration confirmed from its mail, sign-in, 20 patients and the list. */
async function useOnce(base, dataDir, username) {
  await (await callAt(base, 'GET', '/')).text();
  const credentials = { username, password: 'Senha123' };
  await callAt(base, 'POST', '/v1/users/registrations', { ...credentials, email: `${username}@example.com`, firstName: 'Memória' });
  const confirmationTokenValue = await confirmationToken(dataDir, `${username}@example.com`);
  await callAt(base, 'POST', '/v1/users/registrations/confirm', { confirmationToken: confirmationTokenValue });
  const login = await callAt(base, 'POST', '/v1/users/users-sessions', credentials);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const patientIds = [];
  for (let n = 0; n < 20; n++) {
    const response = await callAt(base, 'POST', '/v1/users/me/patients', { firstName: `Paciente ${n}`, lastName: 'da Silva' }, cookie);
    patientIds.push((await response.json()).data.patient.id);
  }
  await (await callAt(base, 'GET', '/v1/users/me/patients', undefined, cookie)).json();
  const record = (await (await callAt(base, 'POST', `/v1/patients/${patientIds[0]}/records`, { name: 'Evolução' }, cookie)).json()).data.record;
  return { cookie, patientId: patientIds[0], recordId: record.id, version: record.version };
}

/**
 * The bench's load on the embedded default: `requests` requests, 4 at a time, of what a
 * professional does most (the list, a search, a patient, a record opened and autosaved, the
 * session), with the peak RSS meanwhile.
 */
async function loadOnce(base, pid, { cookie, patientId, recordId, version }, requests) {
  const headers = { cookie, 'content-type': 'application/json' };
  let recordVersion = version;
  const list = [
    { method: 'GET', path: '/v1/users/me/patients', headers },
    { method: 'GET', path: '/v1/users/me/patients?q=silva', headers },
    { method: 'GET', path: `/v1/patients/${patientId}`, headers },
    { method: 'GET', path: `/v1/records/${recordId}`, headers },
    { method: 'GET', path: '/v1/users/me', headers },
  ];
  let peakMb = status(pid).rssMb;
  const watch = setInterval(() => {
    peakMb = Math.max(peakMb, status(pid).rssMb);
  }, 50);
  const cpuBefore = cpuMs(pid);
  try {
    const result = await new Promise((resolve, reject) => {
      autocannon({ url: base, connections: 4, amount: requests, requests: list }, (error, answer) => (error ? reject(error) : resolve(answer)));
    });
    // Autosaves one after another (each from the version the previous one answered), as an open editor does.
    for (let n = 0; n < Math.ceil(requests / 50); n++) {
      const content = `<p>Sessão ${n}: paciente relata melhora do sono e da ansiedade.</p>`;
      const answer = await callAt(base, 'PUT', `/v1/records/${recordId}/content`, { content, version: recordVersion, autosave: true }, cookie);
      recordVersion = (await answer.json()).data.record.version;
    }
    const failures = result.errors + result.non2xx;
    const cpuPerRequestMs = (cpuMs(pid) - cpuBefore) / (result.requests.total + Math.ceil(requests / 50));
    return { requests: result.requests.total, perSecond: result.requests.average, p99: result.latency.p99, failures, cpuPerRequestMs, peakMb: Math.max(peakMb, status(pid).peakMb) };
  } finally {
    clearInterval(watch);
  }
}

/** One start of the server on `dataDir`: start-up peak, idle RSS after a first use, and the breakdown. */
async function measureStart({ dataDir, port, username, idleSeconds, requests }) {
  const base = `http://127.0.0.1:${port}`;
  const probeFile = path.join(dataDir, `memory-probe-${process.pid}.jsonl`);
  if (await healthy(base)) throw new Error(`${base} already answers: another server holds port ${port} (BENCH_PORT)`);
  const child = spawn(process.execPath, [...startCommandArgs(), ...extraNodeOptions(), '--import', pathToFileURL(probe).href, 'scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // What `npm start` runs with nothing configured: blank values count as unset.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', SMTP_URL: '', S3_BUCKET: '', AI_MODEL: '', AI_BASE_URL: '', STRIPE_SECRET_KEY: '', MEMORY_PROBE_FILE: probeFile },
  });
  const exited = {};
  const exit = new Promise((resolve) => child.once('exit', (code) => resolve((exited.code = code))));
  try {
    const ready = await waitUntilReady(child, base, exited);
    const session = await useOnce(base, dataDir, username);
    const idleMb = await settle(child.pid, idleSeconds);
    const snapshot = await probeSnapshot(child, probeFile);
    const byMapping = residentByMapping(child.pid, snapshot.wasm);
    const { peakMb } = status(child.pid);
    const load = await loadOnce(base, child.pid, session, requests);
    const afterLoadMb = await settle(child.pid, idleSeconds);
    const afterLoad = await probeSnapshot(child, probeFile);
    return { readyMs: ready.readyMs, startPeakMb: ready.peakMb, peakMb, idleMb, snapshot, ...byMapping, load, afterLoadMb, afterLoad, afterLoadByMapping: residentByMapping(child.pid, afterLoad.wasm) };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exit, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  }
}

function describe(title, run) {
  const { snapshot } = run;
  const wasm = snapshot.wasm.map((bytes) => (bytes / MB).toFixed(0)).join(' + ');
  return [
    `${title.padEnd(36)} ready in ${(run.readyMs / 1000).toFixed(1).padStart(4)} s  start-up peak ${run.startPeakMb.toFixed(0).padStart(4)} MB  peak ${run.peakMb.toFixed(0).padStart(4)} MB  idle ${run.idleMb.toFixed(0).padStart(4)} MB`,
    `${''.padEnd(36)} idle = WebAssembly ${run.wasmMb.toFixed(0)} MB resident (of ${wasm} MB) + files ${run.filesMb.toFixed(0)} MB (node, libraries) + anonymous ${run.anonymousMb.toFixed(0)} MB (V8 heap ${(snapshot.heapTotal / MB).toFixed(0)} MB of which ${(snapshot.heapUsed / MB).toFixed(0)} used, array buffers ${(snapshot.arrayBuffers / MB).toFixed(0)} MB, malloc and the rest)`,
    `${''.padEnd(36)} load: ${run.load.requests} requests, 4 at a time, ${run.load.perSecond.toFixed(0)} req/s, p99 ${run.load.p99} ms, server CPU ${run.load.cpuPerRequestMs.toFixed(1)} ms a request${run.load.failures ? ` (${run.load.failures} failures)` : ''}; peak ${run.load.peakMb.toFixed(0)} MB; idle after it ${run.afterLoadMb.toFixed(0)} MB (V8 heap ${(run.afterLoad.heapTotal / MB).toFixed(0)} MB, WebAssembly ${run.afterLoadByMapping.wasmMb.toFixed(0)} MB, anonymous ${run.afterLoadByMapping.anonymousMb.toFixed(0)} MB)`,
  ].join('\n');
}

/** Both starts, printed; the data folder is removed afterwards. BENCH_IDLE_SECONDS: how long the server is left alone before its idle RSS is read. */
export async function measureEmbeddedMemory({ port, idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 90), requests = Number(process.env.BENCH_MEMORY_REQUESTS ?? 5000) }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-memory-'));
  try {
    const options = [...startCommandArgs(), ...extraNodeOptions()].join(' ');
    console.log(
      `\nEmbedded default (npm start${options ? ` with ${options}` : ''}: PGlite, files and mail on disk, offline assistant), 127.0.0.1:${port}, idle read after ${idleSeconds} s alone; targets: peak < 500 MB, idle < 200 MB after start-up and < 300 MB after the load`,
    );
    const first = await measureStart({ dataDir, port, username: 'memoria_um', idleSeconds, requests });
    console.log(describe('first start (initdb, migrations, seeds)', first));
    const again = await measureStart({ dataDir, port, username: 'memoria_dois', idleSeconds, requests });
    console.log(describe('restart on the same DATA_DIR', again));
    return { first, again };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { buildIfNeeded } = await import('../build-if-needed.mjs');
  buildIfNeeded();
  await measureEmbeddedMemory({ port: Number(process.env.BENCH_PORT ?? 3200) + 1 });
}
