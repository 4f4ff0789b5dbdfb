// Loaded with `node --import` by the load run: samples every 10 ms, for each pg pool of the server
// (the app's, pg-boss's), how many queries wait for a connection and whether every connection is
// checked out, which the bench cannot see from outside. On SIGUSR2 it appends the figures since
// the last signal as one JSON line to POOL_PROBE_FILE and starts again. POOL_PROBE_MAX, when set,
// changes the pools' size (an experiment: the server's own is 10).
import { appendFileSync } from 'node:fs';
import pg from 'pg';

/** Per pool: its checkouts and samples of its waiting queries and of it being full. */
const pools = new Map();
/** BENCH_LOAD_POOL_MAX: every pool of the server (the app's, pg-boss's) made this large, to compare. */
const poolMax = Number(process.env.POOL_PROBE_MAX ?? 0);
const originalConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(...args) {
  if (!pools.has(this)) {
    pools.set(this, { checkouts: 0, waiting: [], full: 0 });
    if (poolMax > 0) this.options.max = poolMax;
  }
  pools.get(this).checkouts++;
  return originalConnect.apply(this, args);
};

setInterval(() => {
  for (const [pool, figures] of pools) {
    figures.waiting.push(pool.waitingCount);
    if (pool.totalCount - pool.idleCount >= pool.options.max) figures.full++;
  }
}, 10).unref();

process.on('SIGUSR2', () => {
  const report = [...pools].map(([pool, { checkouts, waiting, full }]) => {
    const sorted = waiting.toSorted((a, b) => a - b);
    const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
    return { max: pool.options.max, checkouts, waitingP50: at(0.5), waitingP99: at(0.99), fullShare: full / Math.max(1, waiting.length) };
  });
  appendFileSync(process.env.POOL_PROBE_FILE, `${JSON.stringify(report)}\n`);
  for (const figures of pools.values()) Object.assign(figures, { checkouts: 0, waiting: [], full: 0 });
});
