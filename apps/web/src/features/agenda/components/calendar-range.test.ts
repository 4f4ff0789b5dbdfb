import { describe, expect, it } from 'vitest';
import { calendarRangeOf, isSameRange, scrollTimeFor } from './calendar-range';

describe("the days the agenda opens on, as FullCalendar's datesSet gives them", () => {
  // Thursday 2026-03-05, 01:30 in São Paulo (UTC-3).
  const now = new Date('2026-03-05T04:30:00Z');

  it('gives the day, midnight to midnight in the zone', () => {
    expect(calendarRangeOf('timeGridDay', now, 'America/Sao_Paulo')).toEqual({ from: '2026-03-05T03:00:00.000Z', to: '2026-03-06T03:00:00.000Z' });
  });

  it('gives the week from Monday in the zone, whatever day it is in UTC', () => {
    expect(calendarRangeOf('timeGridWeek', now, 'America/Sao_Paulo')).toEqual({ from: '2026-03-02T03:00:00.000Z', to: '2026-03-09T03:00:00.000Z' });
    // Sunday 22:00 in São Paulo is Monday in UTC: the week is still the one that ends that Sunday.
    expect(calendarRangeOf('timeGridWeek', new Date('2026-03-09T01:00:00Z'), 'America/Sao_Paulo')).toEqual({
      from: '2026-03-02T03:00:00.000Z',
      to: '2026-03-09T03:00:00.000Z',
    });
  });

  it('ends a week across a change of offset at the next Monday midnight of the zone', () => {
    // New York moves to daylight time on Sunday 2026-03-08.
    expect(calendarRangeOf('timeGridWeek', now, 'America/New_York')).toEqual({ from: '2026-03-02T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
  });

  it('compares ranges by their instants', () => {
    const range = calendarRangeOf('timeGridDay', now, 'America/Sao_Paulo');
    expect(isSameRange(range, { ...range })).toBe(true);
    expect(isSameRange(range, { ...range, to: range.from })).toBe(false);
  });
});

describe('where the grid opens', () => {
  it("opens a wide screen at 07:00, and a phone at the hour before now in the professional's zone", () => {
    const afternoonInSaoPaulo = new Date('2026-03-05T18:20:00Z');
    expect(scrollTimeFor(false, 'America/Sao_Paulo', afternoonInSaoPaulo)).toBe('07:00:00');
    expect(scrollTimeFor(true, 'America/Sao_Paulo', afternoonInSaoPaulo)).toBe('14:00:00');
    expect(scrollTimeFor(true, 'Europe/Lisbon', afternoonInSaoPaulo)).toBe('17:00:00');
    expect(scrollTimeFor(true, 'America/Sao_Paulo', new Date('2026-03-05T03:10:00Z'))).toBe('00:00:00');
  });
});
