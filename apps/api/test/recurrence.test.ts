// The rules behind recurring appointments, on their own: the wall-clock time kept in the
// professional's zone across daylight-saving changes, counts, end days and moves.
import { describe, expect, it } from 'vitest';
import { dayBefore, occurrenceStarts, shiftLocal, toInstant, toLocalStart } from '../src/modules/agenda/recurrence';

const far = { openUntil: '2099-01-01T00:00' };

describe('recurrence', () => {
  it('counts weekly, every two weeks and monthly occurrences from the first', () => {
    expect(occurrenceStarts({ frequency: 'weekly', firstLocalStart: '2027-01-05T10:00', count: 3 }, far)).toEqual([
      '2027-01-05T10:00',
      '2027-01-12T10:00',
      '2027-01-19T10:00',
    ]);
    expect(occurrenceStarts({ frequency: 'biweekly', firstLocalStart: '2027-01-05T10:00', count: 3 }, far)).toEqual([
      '2027-01-05T10:00',
      '2027-01-19T10:00',
      '2027-02-02T10:00',
    ]);
    expect(occurrenceStarts({ frequency: 'monthly', firstLocalStart: '2027-01-15T08:30', count: 3 }, far)).toEqual([
      '2027-01-15T08:30',
      '2027-02-15T08:30',
      '2027-03-15T08:30',
    ]);
  });

  it('ends on the last occurrence on or before the end day, that day included', () => {
    const starts = occurrenceStarts({ frequency: 'weekly', firstLocalStart: '2027-01-05T19:00', until: '2027-01-26' }, far);
    expect(starts).toEqual(['2027-01-05T19:00', '2027-01-12T19:00', '2027-01-19T19:00', '2027-01-26T19:00']);
  });

  it('books an open series up to the horizon, and only what follows a given start when extending it', () => {
    const rule = { frequency: 'weekly' as const, firstLocalStart: '2027-01-05T10:00' };
    expect(occurrenceStarts(rule, { openUntil: '2027-01-20T00:00' })).toEqual(['2027-01-05T10:00', '2027-01-12T10:00', '2027-01-19T10:00']);
    expect(occurrenceStarts(rule, { openUntil: '2027-02-03T00:00', after: '2027-01-19T10:00' })).toEqual(['2027-01-26T10:00', '2027-02-02T10:00']);
  });

  it('keeps 09:00 in New York across the change to daylight time: the instants move, the local time does not', () => {
    const starts = occurrenceStarts({ frequency: 'weekly', firstLocalStart: '2027-03-07T09:00', count: 3 }, far);
    const instants = starts.map((local) => toInstant(local, 'America/New_York').toISOString());
    expect(instants).toEqual(['2027-03-07T14:00:00.000Z', '2027-03-14T13:00:00.000Z', '2027-03-21T13:00:00.000Z']);
    expect(instants.map((instant) => toLocalStart(new Date(instant), 'America/New_York'))).toEqual(starts);
  });

  it('moves a following occurrence by the same days and minutes, even across a month', () => {
    expect(shiftLocal('2027-01-26T10:00', '2027-01-12T10:00', '2027-01-13T11:30')).toBe('2027-01-27T11:30');
    expect(shiftLocal('2027-01-30T10:00', '2027-01-12T10:00', '2027-01-14T10:00')).toBe('2027-02-01T10:00');
    // 23:00 to 00:30 the next day is an hour and a half later, not a day.
    expect(shiftLocal('2027-01-30T23:00', '2027-01-12T23:00', '2027-01-13T00:30')).toBe('2027-01-31T00:30');
    expect(dayBefore('2027-03-01T10:00')).toBe('2027-02-28');
  });
});
