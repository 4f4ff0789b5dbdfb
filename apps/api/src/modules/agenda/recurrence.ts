import { DateTime } from 'luxon';
import rrulePackage from 'rrule';
import type { RecurrenceFrequency } from '@consultorio/shared';

/**
 * Recurring appointments keep their wall-clock time in the professional's time zone: 10:00 on
 * Tuesdays stays 10:00 across a daylight-saving change. The RFC 5545 rule (rrule) runs on
 * "floating" times (local times written as if UTC); each local start then becomes an instant in
 * the zone (luxon).
 */

/** A local date and time, 'yyyy-mm-ddThh:mm'. */
export type LocalStart = string;

export interface SeriesRule {
  frequency: RecurrenceFrequency;
  firstLocalStart: LocalStart;
  count?: number | null | undefined;
  /** The last day (yyyy-mm-dd) an occurrence may fall on. */
  until?: string | null | undefined;
}

// rrule ships CommonJS whose named exports Node's ESM loader cannot see: take them from the default export.
const { RRule } = rrulePackage;

const frequencies: Record<RecurrenceFrequency, { freq: number; interval: number }> = {
  weekly: { freq: RRule.WEEKLY, interval: 1 },
  biweekly: { freq: RRule.WEEKLY, interval: 2 },
  monthly: { freq: RRule.MONTHLY, interval: 1 },
};

/** A local time as the floating Date rrule works with. */
function floating(local: LocalStart): Date {
  return new Date(`${local}:00Z`);
}

function fromFloating(date: Date): LocalStart {
  return date.toISOString().slice(0, 16);
}

/** The instant of a local time in a zone; a time skipped by a daylight-saving change moves forward, as clocks do. */
export function toInstant(local: LocalStart, timeZone: string): Date {
  return DateTime.fromISO(local, { zone: timeZone }).toJSDate();
}

export function toLocalStart(instant: Date, timeZone: string): LocalStart {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/**
 * The local starts of a series' occurrences, in order: all of them when it has a count or an
 * end day, else those up to `openUntil` (a local time); only those after `after` when given.
 */
export function occurrenceStarts(rule: SeriesRule, options: { openUntil: LocalStart; after?: LocalStart }): LocalStart[] {
  const { freq, interval } = frequencies[rule.frequency];
  const rrule = new RRule({
    freq,
    interval,
    dtstart: floating(rule.firstLocalStart),
    ...(rule.count ? { count: rule.count } : {}),
    ...(rule.until ? { until: floating(`${rule.until}T23:59`) } : {}),
  });
  const bounded = Boolean(rule.count ?? rule.until);
  const last = bounded ? undefined : floating(options.openUntil);
  const starts = last ? rrule.between(floating(rule.firstLocalStart), last, true) : rrule.all();
  const all = starts.map(fromFloating);
  return options.after ? all.filter((start) => start > options.after!) : all;
}

/**
 * Moves a local time by the wall-clock difference between two others (a day and a time of
 * day), as 'this and the following' appointments move together when one of them is moved.
 */
export function shiftLocal(local: LocalStart, from: LocalStart, to: LocalStart): LocalStart {
  const days = DateTime.fromISO(to.slice(0, 10)).diff(DateTime.fromISO(from.slice(0, 10)), 'days').days;
  const minutes = DateTime.fromISO(`1970-01-01T${to.slice(11)}`).diff(DateTime.fromISO(`1970-01-01T${from.slice(11)}`), 'minutes').minutes;
  return DateTime.fromISO(local).plus({ days, minutes }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The day before a local time's day (yyyy-mm-dd): where a series ends when it is cut before an occurrence. */
export function dayBefore(local: LocalStart): string {
  return DateTime.fromISO(local.slice(0, 10)).minus({ days: 1 }).toISODate()!;
}
