import { DateTime } from 'luxon';

/**
 * The agenda's times are instants shown as the wall clock of the professional's IANA zone
 * (`user.timeZone`), whatever zone the browser is in. luxon does the zone arithmetic (today's
 * range, without it: zoned-day.ts).
 */

/** A wall-clock day and time in a zone: 'YYYY-MM-DD' and 'HH:mm'. */
export interface WallClock {
  date: string;
  time: string;
}

export function wallClockOf(instant: string | Date, timeZone: string): WallClock {
  const local = toZoned(instant, timeZone);
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') };
}

/**
 * The instant (ISO, UTC) of a wall-clock day and time in a zone; null when either is not
 * valid. A time skipped by a change to daylight time moves forward, as clocks do.
 */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const clock = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !clock) return null;
  const local = DateTime.fromISO(`${date}T${(clock[1] ?? '').padStart(2, '0')}:${clock[2] ?? ''}`, { zone: timeZone });
  return local.isValid ? local.toUTC().toISO() : null;
}

/** The instant a FullCalendar date string stands for: '2026-03-10T14:00:00-03:00' as is; a bare day as its midnight in the zone. */
export function instantOfCalendarDate(value: string, timeZone: string): string {
  const local = DateTime.fromISO(value, { zone: timeZone, setZone: false });
  return local.toUTC().toISO() ?? value;
}

function toZoned(instant: string | Date, timeZone: string): DateTime {
  const value = typeof instant === 'string' ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant);
  return value.setZone(timeZone);
}

/** 'GMT-03:00' for the zone right now. */
function offsetLabel(timeZone: string, now: Date): string {
  const offset = DateTime.fromJSDate(now, { zone: timeZone }).toFormat('ZZ');
  return `GMT${offset}`;
}

/** Every IANA zone the browser knows, as select options: 'America/Sao Paulo (GMT-03:00)'. */
export function timeZoneOptions(current: string, now = new Date()): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${offsetLabel(zone, now)})` }));
}
