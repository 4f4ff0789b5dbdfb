import { isTimeZone } from '@consultorio/shared';

/** The browser's IANA time zone ('America/Sao_Paulo'), or null when it gives none the API would take. */
export function browserTimeZone(): string | null {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : null;
}

/** 'GMT-3' for a zone now, as the browser names its offset. */
function offsetName(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? '';
}

/** A zone as the list shows it: 'America/Sao Paulo (GMT-3)'. */
export function timeZoneLabel(zone: string, at = new Date()): string {
  const offset = offsetName(zone, at);
  const name = zone.replaceAll('_', ' ');
  return offset === '' ? name : `${name} (${offset})`;
}

/**
 * The zones to choose from: every IANA zone the browser knows, with the chosen ones
 * (the saved zone, the browser's) always among them.
 */
export function timeZoneOptions(included: readonly string[], at = new Date()): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set([...known, ...included.filter(isTimeZone)])].sort();
  return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone, at) }));
}
