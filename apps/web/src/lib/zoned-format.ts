import { ptBrDateFormat } from '@consultorio/shared';

/**
 * Instants shown as the wall clock of the professional's IANA zone (`user.timeZone`), whatever
 * zone the browser is in, by the browser's own Intl. Apart from zoned-time.ts (the zone
 * arithmetic, with luxon) so that pages that only show times do not load luxon (22 KB gzip).
 */

/** Minutes between two instants. */
export function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
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

