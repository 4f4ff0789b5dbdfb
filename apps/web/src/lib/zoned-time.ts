import { ptBrDateFormat } from '@consultorio/shared';
import { DateTime } from 'luxon';

/**
 * The agenda's times are instants shown as the wall clock of the professional's IANA zone
 * (`user.timeZone`), whatever zone the browser is in. luxon does the zone arithmetic.
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

/** The day (midnight to midnight) in the zone that contains `now`, as ISO instants. */
export function dayRangeOf(now: Date, timeZone: string): { from: string; to: string } {
  const start = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  return { from: start.toUTC().toISO()!, to: start.plus({ days: 1 }).toUTC().toISO()! };
}

/** Minutes between two instants. */
export function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}

function toZoned(instant: string | Date, timeZone: string): DateTime {
  const value = typeof instant === 'string' ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant);
  return value.setZone(timeZone);
}

function formatIn(instant: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return ptBrDateFormat({ timeZone, ...options }).format(new Date(instant));
}

/** '14:00' in the zone. */
export function formatTime(instant: string, timeZone: string): string {
  return formatIn(instant, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** '14:00 – 14:50' in the zone. */
export function formatTimeRange(start: string, end: string, timeZone: string): string {
  return `${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`;
}

/** 'ter., 10/03/2026, 14:00' in the zone. */
export function formatShortDateTime(instant: string, timeZone: string): string {
  return formatIn(instant, timeZone, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** 'terça-feira, 10 de março de 2026' in the zone. */
export function formatLongDate(instant: string, timeZone: string): string {
  return formatIn(instant, timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** The zone as people name it ('Horário de Brasília'), or its IANA name when the browser has no such name. */
export function zoneName(timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat('pt-BR', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((item) => item.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The browser's own IANA zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
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
