// Processes the benchmark modules start beside the main bench server: another instance of the
// built API (for a profile or the load run) and the bare endpoint; and their memory.
import { spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function waitForHealth(url, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Resolves when the child has exited (at once when it already has). */
function exited(child) {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Starts the built API (apps/api/dist/main.js) on 127.0.0.1:`port` and waits for /healthz.
 * `nodeArgs` go before the script (e.g. --cpu-prof); `env` adds to or overrides the defaults;
 * the log (stdout) goes to `logFile` when given.
 */
export async function startApiServer({ port, databaseUrl, dataDir, env = {}, nodeArgs = [], logFile }) {
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'ignore', 'inherit'],
    env: { ...process.env, AI_MODEL: '', AI_BASE_URL: '', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`);
  return { child, base, stop: () => stopProcess(child) };
}

/** Starts scripts/bench/bare-endpoint.mjs for one professional's patients. */
export async function startBareEndpoint({ port, databaseUrl, ownerId, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(import.meta.dirname, 'bare-endpoint.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, OWNER_ID: ownerId },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/patients`);
  return { child, base, stop: () => stopProcess(child) };
}

/** SIGTERM, then SIGKILL if the process has not exited within 10 s. */
export async function stopProcess(child) {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited(child);
  clearTimeout(timer);
}

/** A figure of /proc/<pid>/status, in MB: VmRSS (resident now, worker threads included), VmHWM (its peak). */
function statusMb(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024;
}

/** A process's resident memory (its worker threads included), in MB. */
export const rssMb = (pid) => statusMb(pid, 'VmRSS');

/** The most resident memory the process has had, in MB. */
export const peakRssMb = (pid) => statusMb(pid, 'VmHWM');

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Time the processes' threads ran on a CPU and waited, runnable, for one (schedstat), in ms:
 * on a machine busy with other work, the wait is what its load costs them.
 */
export function schedMs(pids) {
  let run = 0;
  let wait = 0;
  const threadsOf = (pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return []; // gone
    }
  };
  for (const pid of pids) {
    for (const task of threadsOf(pid)) {
      try {
        const [ran, waited] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ').map(Number);
        run += ran / 1e6;
        wait += waited / 1e6;
      } catch {
        // a thread that ended meanwhile
      }
    }
  }
  return { run, wait };
}
