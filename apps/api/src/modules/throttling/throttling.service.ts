import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import * as repo from './throttling.repository';

/**
 * Counters of attempts per key (an account, an address, a kind of request) in fixed windows,
 * kept in the database so every API instance shares them.
 */

/** Counts an attempt for `key` in a window of `windowSeconds`; returns the count including it. */
export async function countAttempt(ctx: Context, key: string, windowSeconds: number): Promise<number> {
  const now = ctx.clock.now();
  return repo.countAttempt(ctx.db, key, now, addSeconds(now, -windowSeconds));
}

/** Takes back one counted attempt (one that turned out to be legitimate). */
export async function uncountAttempt(ctx: Context, key: string): Promise<void> {
  await repo.uncountAttempt(ctx.db, key);
}

export async function resetCounter(ctx: Context, key: string): Promise<void> {
  await repo.resetCounter(ctx.db, key);
}

/** Counters untouched for a day are over: every window is shorter. */
export async function purgeStaleCounters(ctx: Context): Promise<void> {
  await repo.deleteCountersBefore(ctx.db, addSeconds(ctx.clock.now(), -24 * 3600));
}
