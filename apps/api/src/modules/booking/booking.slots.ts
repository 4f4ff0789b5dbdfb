import type { Availability, BookingSlot } from '@consultorio/shared';
import { DateTime } from 'luxon';
import type { BusySpan } from '../agenda/agenda.service';

const MINUTE = 60_000;
/** A local time to the minute, as luxon writes it: 'yyyy-mm-ddThh:mm'. */
const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

function toLocalStart(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat(LOCAL_MINUTE);
}
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Minutes since midnight of an 'HH:MM' time ('24:00' is the end of the day). */
function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Each day from `from` to `to` (yyyy-mm-dd), with its ISO weekday (1 = Monday). */
function daysBetween(from: string, to: string): Array<{ day: string; weekday: number }> {
  const days: Array<{ day: string; weekday: number }> = [];
  for (let date = DateTime.fromISO(from, { zone: 'UTC' }); date.toISODate()! <= to; date = date.plus({ days: 1 })) {
    days.push({ day: date.toISODate()!, weekday: date.weekday });
  }
  return days;
}

/** A local time of the day in the zone, or null where the clocks skip it. */
function existingLocalTime(day: string, minutes: number, timeZone: string): DateTime | null {
  const local = `${day}T${clock(minutes)}`;
  const time = DateTime.fromISO(local, { zone: timeZone });
  return time.toFormat(LOCAL_MINUTE) === local ? time : null;
}

/**
 * The instants of a day's local times (minutes since midnight, ascending). The zone's offset is
 * read at the first and the last: when both exist with the same offset the clocks do not change
 * between them and the rest follow by arithmetic; otherwise each is read on its own (a skipped
 * time offers nothing).
 */
function instantsOfDay(day: string, minutes: readonly number[], timeZone: string): Date[] {
  if (minutes.length === 0) return [];
  const first = existingLocalTime(day, minutes[0]!, timeZone);
  const last = existingLocalTime(day, minutes[minutes.length - 1]!, timeZone);
  if (first && last && first.offset === last.offset) {
    const midnight = Date.parse(`${day}T00:00:00Z`) - first.offset * MINUTE;
    return minutes.map((minute) => new Date(midnight + minute * MINUTE));
  }
  return minutes.flatMap((minute) => existingLocalTime(day, minute, timeZone)?.toJSDate() ?? []);
}

/** The starts, in minutes since midnight, that one interval of the weekly hours offers. */
function startsInInterval(interval: { start: string; end: string }, sessionMinutes: number, step: number): number[] {
  const starts: number[] = [];
  const end = minutesOf(interval.end);
  for (let start = minutesOf(interval.start); start + sessionMinutes <= end; start += step) starts.push(start);
  return starts;
}

/**
 * The starts of the sessions the weekly hours offer on the days from `from` to `to`, as instants
 * of the professional's zone. They are laid out on the wall clock (a session at 09:00 stays at
 * 09:00 across a daylight-saving change); a local time the change skips does not exist and
 * offers nothing.
 */
export function offeredStarts(availability: Pick<Availability, 'weekly' | 'sessionMinutes' | 'bufferMinutes'>, timeZone: string, from: string, to: string): Date[] {
  const step = availability.sessionMinutes + availability.bufferMinutes;
  const starts: Date[] = [];
  for (const { day, weekday } of daysBetween(from, to)) {
    for (const interval of availability.weekly.filter((item) => item.weekday === weekday)) {
      starts.push(...instantsOfDay(day, startsInInterval(interval, availability.sessionMinutes, step), timeZone));
    }
  }
  return starts.sort((a, b) => a.getTime() - b.getTime());
}

/** Whether a session from `startsAt` to `endsAt`, with the buffer on both sides, touches no busy span. */
export function isClear(span: { startsAt: Date; endsAt: Date }, busy: readonly BusySpan[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  return busy.every((taken) => taken.startsAt.getTime() - buffer >= span.endsAt.getTime() || taken.endsAt.getTime() + buffer <= span.startsAt.getTime());
}

/** The window bookings may start in: after the minimum notice, up to the horizon. */
export function bookingWindow(availability: Pick<Availability, 'minNoticeHours' | 'maxDaysAhead'>, now: Date): { earliest: Date; latest: Date } {
  return { earliest: new Date(now.getTime() + availability.minNoticeHours * HOUR), latest: new Date(now.getTime() + availability.maxDaysAhead * DAY) };
}

/**
 * The free slots: offered by the weekly hours, inside the notice and the horizon, clear of every
 * busy span by the buffer; one per modality offered.
 */
export function freeSlots(availability: Availability, timeZone: string, days: { from: string; to: string }, busy: readonly BusySpan[], now: Date): BookingSlot[] {
  const { earliest, latest } = bookingWindow(availability, now);
  const slots: BookingSlot[] = [];
  for (const startsAt of offeredStarts(availability, timeZone, days.from, days.to)) {
    if (startsAt < earliest || startsAt > latest) continue;
    const endsAt = new Date(startsAt.getTime() + availability.sessionMinutes * MINUTE);
    if (!isClear({ startsAt, endsAt }, busy, availability.bufferMinutes)) continue;
    for (const modality of availability.modalities) slots.push({ startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), modality });
  }
  return slots;
}

/** The days (yyyy-mm-dd, in the zone) around an instant: the one it falls on. */
export function dayOf(instant: Date, timeZone: string): string {
  return toLocalStart(instant, timeZone).slice(0, 10);
}

/** The instants that bound the days from `from` to `to` in the zone, a day wider on each side (safe for any offset). */
export function spanOfDays(from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(Date.parse(`${from}T00:00:00Z`) - DAY), end: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY) };
}
