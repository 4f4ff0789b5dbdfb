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

const WORKDAY_SCROLL_TIME = '07:00:00';

/**
 * Where the day and week grids open: 07:00, which at a wide screen's height shows the working
 * day; a phone shows some four hours, so there the hour before now, in the professional's zone.
 */
export function scrollTimeFor(isNarrow: boolean, timeZone: string, now = new Date()): string {
  if (!isNarrow) return WORKDAY_SCROLL_TIME;
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(now));
  return `${String(Math.max(0, hour - 1)).padStart(2, '0')}:00:00`;
}
