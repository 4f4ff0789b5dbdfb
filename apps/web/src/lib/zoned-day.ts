import { ptBrDateFormat } from '@consultorio/shared';

/**
 * Today's and this week's range in the professional's zone by the browser's own Intl, apart from
 * zoned-time.ts (luxon) so that the dashboard and the agenda's frame do not load luxon (20 KB
 * brotli) for them (issue 34). The arithmetic is luxon's own (`startOf('day')` or
 * `startOf('week')`, then `plus`), down to a midnight that a change to daylight time skips:
 * zoned-day.test.ts holds the two side by side.
 */

interface Instant {
  ts: number;
  /** Minutes east of UTC. */
  offset: number;
}

const MINUTE_MS = 60_000;

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  return ptBrDateFormat({
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** The zone's offset at an instant, in minutes, as luxon's IANAZone.offset reads it (whole seconds). */
function offsetAt(ts: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(ts));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  const wholeSeconds = ts - (((ts % 1000) + 1000) % 1000);
  return (asUtc - wholeSeconds) / MINUTE_MS;
}

/** The wall clock of an instant at an offset, as the fields of a UTC date. */
function wallClockAt({ ts, offset }: Instant): Date {
  return new Date(ts + offset * MINUTE_MS);
}

/**
 * The instant of a wall-clock time (given as a UTC timestamp), starting from a guessed offset: a
 * time that a change to daylight time skips moves forward (luxon's fixOffset).
 */
function instantOfWallClock(wallClockTs: number, guessedOffset: number, timeZone: string): Instant {
  const firstGuess = wallClockTs - guessedOffset * MINUTE_MS;
  const firstOffset = offsetAt(firstGuess, timeZone);
  if (firstOffset === guessedOffset) return { ts: firstGuess, offset: guessedOffset };
  const secondGuess = firstGuess - (firstOffset - guessedOffset) * MINUTE_MS;
  const secondOffset = offsetAt(secondGuess, timeZone);
  if (firstOffset === secondOffset) return { ts: secondGuess, offset: firstOffset };
  return { ts: wallClockTs - Math.min(firstOffset, secondOffset) * MINUTE_MS, offset: Math.max(firstOffset, secondOffset) };
}

/**
 * From midnight `daysBack` days before the day of `now` in the zone, to the same wall clock
 * `days` days later, as ISO instants (luxon's `startOf`, then `plus({ days })`).
 */
function zonedDaysRange(now: Date, timeZone: string, daysBack: (today: Date) => number, days: number): { from: string; to: string } {
  const current: Instant = { ts: now.getTime(), offset: offsetAt(now.getTime(), timeZone) };
  const today = wallClockAt(current);
  const firstDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysBack(today));
  const start = instantOfWallClock(firstDay, current.offset, timeZone);
  const startClock = wallClockAt(start);
  const afterLastDay = Date.UTC(
    startClock.getUTCFullYear(),
    startClock.getUTCMonth(),
    startClock.getUTCDate() + days,
    startClock.getUTCHours(),
    startClock.getUTCMinutes(),
    startClock.getUTCSeconds(),
    startClock.getUTCMilliseconds(),
  );
  const end = instantOfWallClock(afterLastDay, start.offset, timeZone);
  return { from: new Date(start.ts).toISOString(), to: new Date(end.ts).toISOString() };
}

/** The day (midnight to midnight) in the zone that contains `now`, as ISO instants. */
export function dayRangeOf(now: Date, timeZone: string): { from: string; to: string } {
  return zonedDaysRange(now, timeZone, () => 0, 1);
}

/** The week (Monday's midnight to the next Monday's) in the zone that contains `now`, as ISO instants. */
export function weekRangeOf(now: Date, timeZone: string): { from: string; to: string } {
  const daysSinceMonday = (today: Date) => (today.getUTCDay() + 6) % 7;
  return zonedDaysRange(now, timeZone, daysSinceMonday, 7);
}
