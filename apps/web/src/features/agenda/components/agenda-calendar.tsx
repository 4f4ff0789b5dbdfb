import './agenda-calendar.css';
import { messages, type Appointment } from '@consultorio/shared';
import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box } from '@mantine/core';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { instantOf, instantOfCalendarDate } from '../../../lib/zoned-time';
import type { AppointmentRange } from '../api/list-appointments';
import { EVENT_ORDER, eventLabel, toCalendarEvent } from './appointment-events';

/** Where a click on a day of the month view books: 9:00 that day. */
const MONTH_CLICK_TIME = '09:00';
const TWENTY_FOUR_HOURS = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

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
export function AgendaCalendar({ appointments, timeZone, view, heightPx, onRangeChange, onSlotClick, onAppointmentClick, onMove }: AgendaCalendarProps) {
  const calendarRef = useRef<FullCalendar>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useAccessibleCalendarMarkup(boxRef);
  const events = useMemo(() => appointments.map(toCalendarEvent), [appointments]);

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
    <Box ref={boxRef} className="agenda-calendar" aria-label={messages.agenda.calendarLabel} role="region">
      <FullCalendar
        ref={calendarRef}
        plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin, luxonPlugin]}
        locale={ptBrLocale}
        timeZone={timeZone}
        initialView={view}
        firstDay={1}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        buttonText={{ today: messages.agenda.views.today, day: messages.agenda.views.day, week: messages.agenda.views.week, month: messages.agenda.views.month }}
        buttonHints={{ prev: messages.agenda.views.previous, next: messages.agenda.views.next, today: messages.agenda.views.today }}
        allDayText={messages.agenda.allDay}
        moreLinkText={(count) => messages.agenda.moreEvents(count)}
        allDaySlot={false}
        slotDuration="00:30:00"
        scrollTime="07:00:00"
        slotLabelFormat={TWENTY_FOUR_HOURS}
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
        eventContent={(content: EventContentArg) => {
          const appointment = appointmentOf(content.event);
          const time = <span className="agenda-event-time">{content.timeText}</span>;
          // The status in words too, not by its colour alone.
          const who = (
            <>
              <span className="agenda-event-title">{content.event.title}</span>{' '}
              <span className="agenda-event-status">({messages.agenda.statuses[appointment.status]})</span>
            </>
          );
          // In the day and week grids the row already tells the time: the name comes first, so that a
          // short or narrow box shows who (as Google's calendar does); the month's list starts with the time.
          return (
            <div className="agenda-event-content" title={eventLabel(appointment, timeZone)}>
              {content.view.type.startsWith('timeGrid') ? (
                <>
                  {who} {time}
                </>
              ) : (
                <>
                  {time} {who}
                </>
              )}
            </div>
          );
        }}
        eventDrop={moved}
        eventResize={moved}
      />
    </Box>
  );
}
