import './agenda-calendar.css';
import { messages, type Appointment } from '@consultorio/shared';
import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { instantOf, instantOfCalendarDate } from '../../../lib/zoned-time';
import type { AppointmentRange } from '../api/list-appointments';
import { slotLabelText } from './calendar-labels';
import { scrollTimeFor } from './calendar-range';
import { EVENT_ORDER, eventLabel, toCalendarEvent } from './appointment-events';

/** Where a click on a day of the month view books: 9:00 that day. */
const MONTH_CLICK_TIME = '09:00';
const TWENTY_FOUR_HOURS = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/**
 * A phone's week: the weekday and the day's number without the month ('seg. 23'), which wraps into
 * two short lines in a column some 40 px wide, where 'seg. 23/11' ran into its neighbours.
 */
const NARROW_WEEK_DAY_HEADER = { weekday: 'short', day: 'numeric', omitCommas: true } as const;

export type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

/** A drag or a resize: the appointment, its new instants, and how to put it back when the change is refused. */
export interface CalendarMove {
  appointment: Appointment;
  startsAt: string;
  endsAt: string;
  revert: () => void;
}

interface AgendaCalendarProps {
  appointments: readonly Appointment[];
  timeZone: string;
  /** The view the calendar follows: the day below 600 px, the week otherwise (the professional may pick another). */
  view: CalendarView;
  /** The calendar's whole height, its toolbar included (a toolbar that wraps takes room from the grid, not from the page). */
  heightPx: number;
  /** A phone's width: the week's seven columns are too narrow for a whole name, its status and its time. */
  isNarrow: boolean;
  onRangeChange: (range: AppointmentRange) => void;
  onSlotClick: (startsAt: string) => void;
  onAppointmentClick: (appointment: Appointment) => void;
  onMove: (move: CalendarMove) => void;
}

/**
 * Mends FullCalendar's markup whenever the calendar (re)draws it. It draws the arrows of
 * 'previous' and 'next' as `role="img"` spans without a name, inside buttons already named by
 * their hints: the arrows are hidden from assistive technology. It names a month view's day cell
 * by its day number alone, while the cell shows its appointments too (WCAG 2.5.3, label in name):
 * the cell is named by its content instead, the day and the appointments.
 */
function useAccessibleCalendarMarkup(box: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const calendar = box.current;
    if (!calendar) return undefined;
    const mend = () => {
      calendar.querySelectorAll('.fc-icon[role="img"]:not([aria-hidden])').forEach((icon) => icon.setAttribute('aria-hidden', 'true'));
      calendar.querySelectorAll('.fc-daygrid-day[aria-labelledby]').forEach((day) => day.removeAttribute('aria-labelledby'));
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(calendar, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-labelledby'] });
    return () => observer.disconnect();
  }, [box]);
}

function appointmentOf(event: { extendedProps: Record<string, unknown> }): Appointment {
  return event.extendedProps.appointment as Appointment;
}

/**
 * FullCalendar in the professional's zone (luxon's named-zone support), Monday first, 24 h
 * clock: week, day and month views; a click on an empty slot books, a click on an appointment
 * opens it, a drag or a resize moves it.
 */
export function AgendaCalendar({ appointments, timeZone, view, heightPx, isNarrow, onRangeChange, onSlotClick, onAppointmentClick, onMove }: AgendaCalendarProps) {
  const calendarRef = useRef<FullCalendar>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useAccessibleCalendarMarkup(boxRef);
  const events = useMemo(() => appointments.map(toCalendarEvent), [appointments]);
  const scrollTime = useMemo(() => scrollTimeFor(isNarrow, timeZone), [isNarrow, timeZone]);

  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && api.view.type !== view) api.changeView(view);
  }, [view]);

  const moved = (info: EventDropArg | EventResizeDoneArg) => {
    const { event } = info;
    if (!event.startStr || !event.endStr) {
      info.revert();
      return;
    }
    onMove({
      appointment: appointmentOf(event),
      startsAt: instantOfCalendarDate(event.startStr, timeZone),
      endsAt: instantOfCalendarDate(event.endStr, timeZone),
      revert: info.revert,
    });
  };

  return (
    <Box ref={boxRef} className={isNarrow ? 'agenda-calendar agenda-calendar-narrow' : 'agenda-calendar'} aria-label={messages.agenda.calendarLabel} role="region">
      <FullCalendar
        ref={calendarRef}
        plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin, luxonPlugin]}
        locale={ptBrLocale}
        timeZone={timeZone}
        initialView={view}
        views={isNarrow ? { timeGridWeek: { dayHeaderFormat: NARROW_WEEK_DAY_HEADER } } : {}}
        firstDay={1}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        buttonText={{ today: messages.agenda.views.today, day: messages.agenda.views.day, week: messages.agenda.views.week, month: messages.agenda.views.month }}
        buttonHints={{ prev: messages.agenda.views.previous, next: messages.agenda.views.next, today: messages.agenda.views.today }}
        allDayText={messages.agenda.allDay}
        moreLinkText={(count) => messages.agenda.moreEvents(count)}
        allDaySlot={false}
        slotDuration="00:30:00"
        scrollTime={scrollTime}
        slotLabelFormat={slotLabelText}
        eventTimeFormat={TWENTY_FOUR_HOURS}
        nowIndicator
        height={heightPx}
        dayMaxEvents
        eventOrder={EVENT_ORDER}
        // Appointments at the same time side by side, none drawn over another's text.
        slotEventOverlap={false}
        eventDisplay="block"
        eventInteractive
        editable
        eventDurationEditable
        events={events}
        datesSet={(range: DatesSetArg) =>
          onRangeChange({ from: instantOfCalendarDate(range.startStr, timeZone), to: instantOfCalendarDate(range.endStr, timeZone) })
        }
        dateClick={(click: DateClickArg) =>
          onSlotClick(click.allDay ? (instantOf(click.dateStr.slice(0, 10), MONTH_CLICK_TIME, timeZone) ?? click.dateStr) : instantOfCalendarDate(click.dateStr, timeZone))
        }
        eventClick={(click: EventClickArg) => {
          click.jsEvent.preventDefault();
          onAppointmentClick(appointmentOf(click.event));
        }}
        eventContent={(content: EventContentArg) => <EventContent content={content} timeZone={timeZone} isNarrow={isNarrow} />}
        eventDrop={moved}
        eventResize={moved}
      />
    </Box>
  );
}

/**
 * An appointment's box. In the day and week grids the row already tells the time: the name comes
 * first, so that a short or narrow box shows who (as Google's calendar does); the month's list
 * starts with the time. The status is in words too, not by its colour alone. In a phone's week a
 * column holds some five letters: the box shows the name's start on one line (a cancelled one
 * struck through, a confirmed one marked ✓), and the whole appointment is said to screen readers
 * (and shown when the box is opened).
 */
function EventContent({ content, timeZone, isNarrow }: { content: EventContentArg; timeZone: string; isNarrow: boolean }) {
  const appointment = appointmentOf(content.event);
  const label = eventLabel(appointment, timeZone);
  if (isNarrow && content.view.type === 'timeGridWeek') {
    return (
      <div className="agenda-event-content agenda-event-short" title={label}>
        <span className="agenda-event-title" aria-hidden="true">
          {content.event.title}
        </span>
        <VisuallyHidden>{label}</VisuallyHidden>
      </div>
    );
  }
  const time = <span className="agenda-event-time">{content.timeText}</span>;
  const who = (
    <>
      <span className="agenda-event-title">{content.event.title}</span>{' '}
      <span className="agenda-event-status">({messages.agenda.statuses[appointment.status]})</span>
    </>
  );
  if (content.view.type.startsWith('timeGrid')) {
    // The name on its own line, cut with '…' when long, so that the status and the time still fit
    // a 50-minute box; the whole name stays in the text (read by screen readers) and the tooltip.
    return (
      <div className="agenda-event-content" title={label}>
        <span className="agenda-event-title agenda-event-name-line">{content.event.title}</span>{' '}
        <span className="agenda-event-status">({messages.agenda.statuses[appointment.status]})</span> {time}
      </div>
    );
  }
  return (
    <div className="agenda-event-content" title={label}>
      {time} {who}
    </div>
  );
}
