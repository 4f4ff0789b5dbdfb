import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneLabel, timeZoneOptions } from './time-zones';

const july = new Date('2025-07-01T12:00:00Z');

describe('time zones', () => {
  it('names a zone with its offset at that moment', () => {
    expect(timeZoneLabel('America/Sao_Paulo', july)).toBe('America/Sao Paulo (GMT-3)');
    expect(timeZoneLabel('Europe/Lisbon', july)).toBe('Europe/Lisbon (GMT+1)');
  });

  it('lists every zone once, sorted, with the saved one always there', () => {
    const options = timeZoneOptions(['America/Sao_Paulo', 'America/Sao_Paulo', 'Not/AZone'], july);
    const values = options.map((option) => option.value);
    expect(values.filter((zone) => zone === 'America/Sao_Paulo')).toHaveLength(1);
    expect(values).not.toContain('Not/AZone');
    expect(values).toEqual([...values].sort());
    expect(values.length).toBeGreaterThan(100);
  });

  it('reads the browser zone as an IANA name', () => {
    const zone = browserTimeZone();
    expect(zone === null || /^[A-Za-z]/.test(zone)).toBe(true);
  });
});
