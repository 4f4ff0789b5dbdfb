import { describe, expect, it } from 'vitest';
import { instantOf, instantOfCalendarDate, timeZoneOptions, wallClockOf } from './zoned-time';
import { formatShortDateTime } from './zoned-format';

describe('zoned time', () => {
  it("reads and writes the wall clock of the professional's zone, whatever the browser's", () => {
    expect(wallClockOf('2026-03-10T17:00:00.000Z', 'America/Sao_Paulo')).toEqual({ date: '2026-03-10', time: '14:00' });
    expect(wallClockOf('2026-03-10T17:00:00.000Z', 'Europe/Lisbon')).toEqual({ date: '2026-03-10', time: '17:00' });
    expect(instantOf('2026-03-10', '14:00', 'America/Sao_Paulo')).toBe('2026-03-10T17:00:00.000Z');
    expect(instantOf('2026-13-10', '14:00', 'America/Sao_Paulo')).toBeNull();
    expect(instantOf('2026-03-10', '', 'America/Sao_Paulo')).toBeNull();
  });

  it('keeps 10:00 at 10:00 on both sides of a daylight-saving change', () => {
    // Lisbon moves to summer time on 29 March 2026.
    expect(instantOf('2026-03-28', '10:00', 'Europe/Lisbon')).toBe('2026-03-28T10:00:00.000Z');
    expect(instantOf('2026-03-30', '10:00', 'Europe/Lisbon')).toBe('2026-03-30T09:00:00.000Z');
  });

  it("takes FullCalendar's dates with their offset, and a bare day as midnight in the zone", () => {
    expect(instantOfCalendarDate('2026-03-10T14:00:00-03:00', 'America/Sao_Paulo')).toBe('2026-03-10T17:00:00.000Z');
    expect(instantOfCalendarDate('2026-03-10', 'America/Sao_Paulo')).toBe('2026-03-10T03:00:00.000Z');
  });

  it('formats in pt-BR with a 24-hour clock, and offers the zones with their offset', () => {
    expect(formatShortDateTime('2026-03-10T21:30:00.000Z', 'America/Sao_Paulo')).toBe('ter., 10/03/2026, 18:30');
    const options = timeZoneOptions('America/Sao_Paulo', new Date('2026-03-10T12:00:00Z'));
    expect(options).toContainEqual({ value: 'America/Sao_Paulo', label: 'America/Sao Paulo (GMT-03:00)' });
  });
});
