// The weekly hours laid out on the wall clock, checked against Intl's reading of each instant in
// the zone, on ordinary days and on the days the clocks change both ways.
import { describe, expect, it } from 'vitest';
import { offeredStarts } from '../src/modules/booking/booking.slots';

const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

describe('offered starts', () => {
  it('are the weekly hours on the wall clock of every day of two months', () => {
    const availability = { weekly: everyDay('08:00', '18:00'), sessionMinutes: 50, bufferMinutes: 10 };
    for (const timeZone of ['America/Sao_Paulo', 'America/New_York', 'Europe/Lisbon']) {
      const starts = offeredStarts(availability, timeZone, '2030-02-25', '2030-04-05');
      expect(starts).toHaveLength(40 * 10);
      expect(new Set(starts.map((instant) => wallClock(instant, timeZone).slice(11)))).toEqual(new Set(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']));
    }
  });

  it('skip the hour the clocks jump over and keep the hour they repeat once', () => {
    const availability = { weekly: everyDay('00:00', '04:00'), sessionMinutes: 50, bufferMinutes: 10 };
    // New York: forward at 02:00 on 2030-03-10, back at 02:00 on 2030-11-03 (the repeated 01:00 is
    // read at its second pass, -05:00, an hour before the 02:00 session).
    const forward = offeredStarts(availability, 'America/New_York', '2030-03-10', '2030-03-10');
    expect(forward.map((instant) => wallClock(instant, 'America/New_York'))).toEqual(['2030-03-10T00:00', '2030-03-10T01:00', '2030-03-10T03:00']);
    const back = offeredStarts(availability, 'America/New_York', '2030-11-03', '2030-11-03');
    expect(back.map((instant) => wallClock(instant, 'America/New_York'))).toEqual(['2030-11-03T00:00', '2030-11-03T01:00', '2030-11-03T02:00', '2030-11-03T03:00']);
    expect(back.map((instant) => instant.toISOString())).toEqual(['2030-11-03T04:00:00.000Z', '2030-11-03T06:00:00.000Z', '2030-11-03T07:00:00.000Z', '2030-11-03T08:00:00.000Z']);
  });
});
