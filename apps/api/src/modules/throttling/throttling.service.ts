import { addSeconds } from '../../platform/clock';
import type { Context } from '../../platform/context';
import * as repo from './throttling.repository';

/**
 * Counters of attempts per key (an account, an address, a kind of request) in fixed windows,
 * kept in the database so every API instance shares them.
 */

/** An attempt counted: how many in the window so far (this one included), and when the window ends. */
export interface CountedAttempt {
  attempts: number;
  /** Whole minutes until the count starts again (at least 1), for a refusal to say how long to wait. */
  minutesLeft: number;
}

/** Counts an attempt for `key` in a window of `windowSeconds`; returns the count including it and the window's remaining time. */
export async function countAttemptInWindow(ctx: Context, key: string, windowSeconds: number): Promise<CountedAttempt> {
  const now = ctx.clock.now();
  const counted = await repo.countAttempt(ctx.db, key, now, addSeconds(now, -windowSeconds));
  const msLeft = counted.windowStartedAt.getTime() + windowSeconds * 1000 - now.getTime();
  return { attempts: counted.attempts, minutesLeft: Math.max(1, Math.ceil(msLeft / 60_000)) };
}

/** Counts an attempt for `key` in a window of `windowSeconds`; returns the count including it. */
export async function countAttempt(ctx: Context, key: string, windowSeconds: number): Promise<number> {
  return (await countAttemptInWindow(ctx, key, windowSeconds)).attempts;
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
