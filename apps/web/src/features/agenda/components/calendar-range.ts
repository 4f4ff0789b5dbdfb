import { dayRangeOf, weekRangeOf } from '../../../lib/zoned-day';
import type { AppointmentRange } from '../api/list-appointments';

/** The views the agenda opens in (agenda-calendar.tsx), the week starting on Monday. */
export type OpeningView = 'timeGridDay' | 'timeGridWeek';

/**
 * The instants FullCalendar shows in `view` on the day of `now` in the professional's zone, as
 * its `datesSet` gives them (midnight to midnight): the agenda asks for them before the calendar
 * has drawn, and the page module as soon as it loads.
 */
export function calendarRangeOf(view: OpeningView, now: Date, timeZone: string): AppointmentRange {
  // The calendar's weeks start on Monday (firstDay 1).
  return view === 'timeGridDay' ? dayRangeOf(now, timeZone) : weekRangeOf(now, timeZone);
}

export function isSameRange(a: AppointmentRange, b: AppointmentRange): boolean {
  return a.from === b.from && a.to === b.to;
}
