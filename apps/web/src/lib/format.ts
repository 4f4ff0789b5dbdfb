import { filesApi, messages, pathOf } from '@consultorio/shared';

/** Address of a stored file (avatars, attachments) served by the API to its owner. */
export function fileUrl(externalKey: string): string {
  return pathOf(filesApi.download, { key: externalKey });
}

export function fullName(firstName: string, lastName: string | null | undefined): string {
  return lastName ? `${firstName} ${lastName}` : firstName;
}

/** Reads a date typed as DD/MM/AAAA (or an ISO date) and returns YYYY-MM-DD, or null. */
export function parseBrazilianDate(input: string): string | null {
  const trimmed = input.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const brazilian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  let year: number;
  let month: number;
  let day: number;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (brazilian) {
    [day, month, year] = [Number(brazilian[1]), Number(brazilian[2]), Number(brazilian[3])];
  } else {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDate = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDate ? date.toISOString().slice(0, 10) : null;
}

type DateFormat = 'dateTime' | 'date' | 'time';

const dateFormatOptions: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  date: { dateStyle: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
};

/**
 * One formatter per format and zone: `toLocaleString` with options builds a new Intl formatter on
 * every call, which lists of dates paid for each row (issue 34: synchronous formatting in loops).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatIso(iso: string, format: DateFormat, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${format} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('pt-BR', { ...dateFormatOptions[format], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/**
 * An ISO instant as the professional reads it: '05/03/2025, 14:30' (pt-BR), in `timeZone` (the
 * professional's) when given, else the browser's.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatIso(iso, 'dateTime', timeZone);
}

/** An ISO instant's day: '05/03/2025' (pt-BR), in `timeZone` when given. */
/** A plain yyyy-mm-dd as dd/mm/aaaa, read as text so no zone can move it. */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

export function formatDate(iso: string, timeZone?: string): string {
  return formatIso(iso, 'date', timeZone);
}

/** The time of an ISO instant: '14:32' (pt-BR, 24 h). */
export function formatTime(iso: string, timeZone?: string): string {
  return formatIso(iso, 'time', timeZone);
}

/** As formatDateTime, or a dash for a date not set yet (e.g. a last update that never happened). */
export function formatDateTimeOrDash(iso: string | null): string {
  return iso === null ? messages.common.dash : formatDateTime(iso);
}

/**
 * The cents of a money NumberInput's value: a number of reais, or the text Mantine hands over
 * while it keeps trailing decimals ('200.00'); null when empty or not a number.
 */
export function reaisInputToCents(value: number | string): number | null {
  const reais = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value.replace(',', '.'));
  return Number.isFinite(reais) ? Math.round(reais * 100) : null;
}
