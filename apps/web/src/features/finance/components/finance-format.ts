/** Months and days as the finance page shows them, in the professional's time zone. */
import { isIsoMonth, isMonthInRange, ptBrDateFormat } from '@consultorio/shared';

function partsIn(date: Date, timeZone: string): { year: string; month: string; day: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(date);
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { year: value('year'), month: value('month'), day: value('day') };
}

/** Today as yyyy-mm-dd in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = partsIn(now, timeZone);
  return `${year}-${month}-${day}`;
}

/** This month as YYYY-MM in the zone. */
export function currentMonth(timeZone: string, now: Date = new Date()): string {
  return todayIn(timeZone, now).slice(0, 7);
}

/** The month `delta` months after `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
  return moved.toISOString().slice(0, 7);
}

export function isMonth(value: string | null): value is string {
  return value !== null && isIsoMonth(value) && isMonthInRange(value);
}

/** 'março de 2025'. */
export function monthLabel(month: string): string {
  return ptBrDateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** A session's start: '05/03/2025, 10:00'. */
export function formatSessionStart(iso: string, timeZone: string): string {
  return ptBrDateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** A session's day: '05/03/2025'. */
export function formatSessionDay(iso: string, timeZone: string): string {
  return ptBrDateFormat({ dateStyle: 'short', timeZone }).format(new Date(iso));
}

export { formatDay } from '../../../lib/format';

/** 52998224725 -> 529.982.247-25; anything else as given. */
export function formatDocument(digits: string | null): string {
  if (!digits) return '—';
  return digits.length === 11 ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}` : digits;
}
