import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayRangeOf, weekRangeOf } from './zoned-day';

/** luxon's answer, which the agenda used before: the oracle. */
function luxonRange(now: Date, timeZone: string, unit: 'day' | 'week'): { from: string; to: string } {
  const start = DateTime.fromJSDate(now, { zone: timeZone }).startOf(unit);
  return { from: start.toUTC().toISO()!, to: start.plus({ [`${unit}s`]: 1 }).toUTC().toISO()! };
}

function luxonDayRange(now: Date, timeZone: string): { from: string; to: string } {
  return luxonRange(now, timeZone, 'day');
}

const HOUR_MS = 3_600_000;

/** Every `stepHours` from `from` for `days` days, off the hour by a few minutes and milliseconds. */
function instantsFrom(from: string, days: number, stepHours: number): Date[] {
  const first = Date.parse(from) + 7 * 60_000 + 123;
  return Array.from({ length: (days * 24) / stepHours }, (_, index) => new Date(first + index * stepHours * HOUR_MS));
}

/** Zones whose clocks change at midnight or by odd steps, around their changes, and the ends of the accepted years. */
const changesOfZones: [zone: string, from: string, days: number][] = [
  ['America/Sao_Paulo', '2018-02-10T00:00:00Z', 14],
  ['America/Sao_Paulo', '2018-10-28T00:00:00Z', 14],
  ['America/Havana', '2019-03-04T00:00:00Z', 14],
  ['America/Havana', '2019-10-28T00:00:00Z', 14],
  ['America/Santiago', '2019-04-01T00:00:00Z', 14],
  ['America/Santiago', '2019-09-03T00:00:00Z', 14],
  ['Asia/Beirut', '2019-03-26T00:00:00Z', 10],
  ['Asia/Tehran', '2019-03-17T00:00:00Z', 10],
  ['Pacific/Apia', '2011-12-26T00:00:00Z', 10],
  ['Australia/Lord_Howe', '2019-04-02T00:00:00Z', 10],
  ['Asia/Kathmandu', '2026-01-01T00:00:00Z', 3],
  ['America/St_Johns', '2026-03-05T00:00:00Z', 10],
  ['Europe/Lisbon', '2026-10-21T00:00:00Z', 10],
  ['America/Noronha', '1999-10-01T00:00:00Z', 10],
  ['UTC', '1900-01-01T00:00:00Z', 3],
  ['Pacific/Kiritimati', '2100-12-28T00:00:00Z', 3],
];

describe("today's range in the professional's zone", () => {
  it('is midnight to midnight in the zone, whatever the browser’s', () => {
    // 01:30 UTC on the 11th is still the 10th in São Paulo.
    expect(dayRangeOf(new Date('2026-03-11T01:30:00Z'), 'America/Sao_Paulo')).toEqual({
      from: '2026-03-10T03:00:00.000Z',
      to: '2026-03-11T03:00:00.000Z',
    });
    expect(dayRangeOf(new Date('2026-03-29T12:00:00Z'), 'Europe/Lisbon')).toEqual({
      from: '2026-03-29T00:00:00.000Z',
      to: '2026-03-29T23:00:00.000Z',
    });
  });

  it('starts at 01:00 on a day whose midnight a change to daylight time skips, as luxon did', () => {
    // São Paulo moved from 00:00 to 01:00 on 4 November 2018.
    expect(dayRangeOf(new Date('2018-11-04T15:00:00Z'), 'America/Sao_Paulo')).toEqual({
      from: '2018-11-04T03:00:00.000Z',
      to: '2018-11-05T03:00:00.000Z',
    });
  });

  it("gives luxon's answer across the changes of zones whose clocks jump at midnight or by odd steps", () => {
    for (const [zone, from, days] of changesOfZones) {
      for (const now of instantsFrom(from, days, 1)) {
        expect(dayRangeOf(now, zone), `${zone} at ${now.toISOString()}`).toEqual(luxonDayRange(now, zone));
      }
    }
  });

  it("gives luxon's answer in every zone the browser knows", () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of zones) {
      for (const now of instantsFrom('2026-03-01T00:00:00Z', 280, 24 * 7 - 5)) {
        expect(dayRangeOf(now, zone), `${zone} at ${now.toISOString()}`).toEqual(luxonDayRange(now, zone));
      }
    }
  });
});

describe("the week's range in the professional's zone (the agenda's opening view)", () => {
  it("gives luxon's answer, Monday's midnight to the next Monday's, across the changes of zones", () => {
    for (const [zone, from, days] of changesOfZones) {
      for (const now of instantsFrom(from, days, 5)) {
        expect(weekRangeOf(now, zone), `${zone} at ${now.toISOString()}`).toEqual(luxonRange(now, zone, 'week'));
      }
    }
  });

  it("gives luxon's answer in every zone the browser knows", () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      for (const now of instantsFrom('2026-03-01T00:00:00Z', 280, 24 * 9 - 5)) {
        expect(weekRangeOf(now, zone), `${zone} at ${now.toISOString()}`).toEqual(luxonRange(now, zone, 'week'));
      }
    }
  });
});
