// The API's own cost on its hottest read (issue 21): the 1,000-patient list as the web app asks
// for it (first page, session cookie) against a bare Fastify + pg endpoint answering the same
// rows with the same queries and the same JSON, measured in alternating rounds of one run so
// that other load on the machine weighs on both alike. BENCH_PROFILE=1 also profiles a second
// instance of the server (`node --cpu-prof`) under the same load and prints where its time goes.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { printProfile, summarizeProfile } from './cpu-profile.mjs';
import { cpuMs, startApiServer, startBareEndpoint } from './processes.mjs';

const PATIENTS = 1000;
const CONNECTIONS = 10;
const listPath = '/v1/users/me/patients?q=';

function run(url, { cookie, seconds }) {
  return new Promise((resolve, reject) => {
    const headers = cookie ? { cookie } : {};
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A run, with the CPU time the serving process spent per request (less sensitive to the machine's other load than req/s). */
async function measuredRun(url, pid, options) {
  const cpuBefore = cpuMs(pid);
  const result = await run(url, options);
  return { ...result, cpuPerRequest: (cpuMs(pid) - cpuBefore) / result.requests.total };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Mean requests per second over the rounds, the median p50 and p99, and every failure. */
function combine(results) {
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0) / results.length,
    p50: median(results.map((result) => result.latency.p50)),
    p99: median(results.map((result) => result.latency.p99)),
    cpu: results.reduce((sum, result) => sum + result.cpuPerRequest, 0) / results.length,
    failures: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
  };
}

/** A professional with 1,000 patients, seeded through the API; answers the cookie and the user's id. */
async function seedProfessional(bench) {
  const cookie = await bench.signedInCookie('bench_overhead');
  bench.adminCli(bench.url, 'plans:create', '--code', 'bench-overhead', '--name', 'Bench overhead', '--period', 'monthly', '--limit', String(PATIENTS), '--price', '0');
  bench.adminCli(bench.url, 'subscription:grant', 'bench_overhead', '--plan', 'bench-overhead');
  await bench.seedPatients(cookie, PATIENTS);
  await bench.admin('vacuum analyze', bench.url.toString());
  const me = await (await bench.call('GET', '/v1/users/me', undefined, cookie)).json();
  return { cookie, ownerId: me.data.user.id };
}

/** 'yes', or what differs in the first patient (the bare endpoint must follow the patient object's changes). */
async function sameJson(appUrl, bareUrl, cookie) {
  const [app, bare] = await Promise.all([fetch(appUrl, { headers: { cookie } }).then((r) => r.json()), fetch(bareUrl).then((r) => r.json())]);
  if (isDeepStrictEqual(app, bare)) return 'yes';
  const [a, b] = [app.data?.patients?.[0] ?? {}, bare.data?.patients?.[0] ?? {}];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !isDeepStrictEqual(a[key], b[key]));
  return `NO (${keys.length > 0 ? `first patient differs in ${keys.join(', ')}` : 'the envelope differs'})`;
}

/** Runs `load` against a process started with `node --cpu-prof` (by `start(nodeArgs)`), stops it, and answers its profile's summary. */
async function profiled(start, load) {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'consultorio-profile-'));
  const server = await start(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  let requests;
  try {
    requests = await load(server.base);
  } finally {
    await server.stop();
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  const summary = summarizeProfile(path.join(profileDir, file));
  if (process.env.BENCH_PROFILE_KEEP) console.log(`profile kept in ${profileDir}`);
  else rmSync(profileDir, { recursive: true, force: true });
  return { summary, requests };
}

/** The app and the bare endpoint each under the list's load with `node --cpu-prof`: where their time goes, per request. */
async function profileList(bench, cookie, ownerId, seconds) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-profile-data-'));
  const databaseUrl = bench.url.toString();
  const load = (url, headers) => async () => {
    await run(url, { ...headers, seconds: 2 });
    return (await run(url, { ...headers, seconds })).requests.total;
  };
  const app = await profiled(
    (nodeArgs) => startApiServer({ port: bench.port + 2, databaseUrl, dataDir, nodeArgs }),
    (base) => load(`${base}${listPath}`, { cookie })(),
  );
  const bare = await profiled(
    (nodeArgs) => startBareEndpoint({ port: bench.port + 3, databaseUrl, ownerId, nodeArgs }),
    (base) => load(`${base}/patients`, {})(),
  );
  rmSync(dataDir, { recursive: true, force: true });
  for (const [title, { summary, requests }] of [['the app', app], ['the bare endpoint', bare]]) {
    console.log(`\nCPU profile of ${title} (${CONNECTIONS} connections, ${seconds} s after a 2 s warm-up; start-up included; ${requests} requests measured):`);
    printProfile(summary, requests);
  }
}

/**
 * `bench`: the main bench's base URL and port, database URL, and its helpers (signedInCookie,
 * adminCli, seedPatients, call, admin).
 */
export async function measureApiOverhead(bench, { seconds = 5, rounds = Number(process.env.BENCH_OVERHEAD_ROUNDS ?? 3) } = {}) {
  const { cookie, ownerId } = await seedProfessional(bench);
  if (rounds > 0) await compare(bench, { cookie, ownerId, seconds, rounds });
  if (process.env.BENCH_PROFILE) await profileList(bench, cookie, ownerId, Number(process.env.BENCH_PROFILE_SECONDS ?? 10));
}

/** The app and the bare endpoint in alternating rounds: req/s, latency, CPU per request, and the ratio. */
async function compare(bench, { cookie, ownerId, seconds, rounds }) {
  const bare = await startBareEndpoint({ port: bench.port + 1, databaseUrl: bench.url.toString(), ownerId });
  const appUrl = `${bench.base}${listPath}`;
  const bareUrl = `${bare.base}/patients`;
  try {
    const same = await sameJson(appUrl, bareUrl, cookie);
    await run(appUrl, { cookie, seconds: 2 });
    await run(bareUrl, { seconds: 2 });
    const app = [];
    const plain = [];
    const load = loadavg()[0];
    for (let round = 0; round < rounds; round++) {
      // Alternating which goes first, so a change in the machine's load weighs on both.
      const order = round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
      for (const side of order) {
        if (side === 'app') app.push(await measuredRun(appUrl, bench.serverPid, { cookie, seconds }));
        else plain.push(await measuredRun(bareUrl, bare.child.pid, { seconds }));
      }
    }
    const a = combine(app);
    const b = combine(plain);
    const row = (title, r) => `  ${title.padEnd(36)} ${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  ${r.cpu.toFixed(2)} ms CPU/request${r.failures ? `  (${r.failures} failures)` : ''}`;
    console.log(`\nAPI overhead: the ${PATIENTS.toLocaleString('en')}-patient list (first page of 50), ${CONNECTIONS} connections, ${rounds} alternating rounds of ${seconds} s (load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end)`);
    console.log(row('GET /v1/users/me/patients (the app)', a));
    console.log(row('bare Fastify + pg, same queries', b));
    console.log(`  ratio ${(a.rps / b.rps).toFixed(2)} (target ≥ 0.85); CPU per request ${(a.cpu / b.cpu).toFixed(1)}× the bare one's; same JSON: ${same}`);
  } finally {
    await bare.stop();
  }
}
