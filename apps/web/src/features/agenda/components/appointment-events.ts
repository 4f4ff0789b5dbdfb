import { messages, type Appointment, type ChangeScope } from '@consultorio/shared';
import type { EventInput } from '@fullcalendar/core';
import { statusColors } from './status-colors';
import { formatTimeRange } from '../../../lib/zoned-format';

/**
 * The order of appointments that start together: a cancelled one after the one booked in its
 * place, which then takes the first column of the slot (its name and status read first).
 */
export const EVENT_ORDER = ['start', 'cancelledLast', '-duration', 'title'];

/**
 * The calendar's event of an appointment: the patient's name (marked ✓ once confirmed, so it is
 * not told by colour alone), the status's colours; a cancelled one cannot be dragged.
 */
export function toCalendarEvent(appointment: Appointment): EventInput {
  const colors = statusColors[appointment.status];
  return {
    id: appointment.id,
    title: appointment.status === 'confirmed' ? messages.whatsapp.confirmedEventTitle(appointment.patientName) : appointment.patientName,
    start: appointment.startsAt,
    end: appointment.endsAt,
    backgroundColor: colors.background,
    borderColor: colors.border,
    textColor: colors.text,
    classNames: [`agenda-event-${appointment.status}`],
    editable: appointment.status !== 'cancelled',
    // Sorts a cancelled appointment after one booked in its place (see EVENT_ORDER).
    extendedProps: { appointment, cancelledLast: Number(appointment.status === 'cancelled') },
  };
}

/** What a screen reader says of an event: who, when (in the professional's zone) and its status. */
export function eventLabel(appointment: Appointment, timeZone: string): string {
  return messages.agenda.eventLabel(
    appointment.patientName,
    formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone),
    messages.agenda.statuses[appointment.status],
  );
}

/** Whether a change to the appointment must ask 'Só esta' or 'Esta e as seguintes'. */
export function asksScope(appointment: Pick<Appointment, 'seriesId'>): boolean {
  return appointment.seriesId !== null;
}

/** The scope a change is sent with: a single appointment is always 'this'. */
export function scopeOf(appointment: Pick<Appointment, 'seriesId'>, chosen: ChangeScope | undefined): ChangeScope {
  return asksScope(appointment) ? (chosen ?? 'this') : 'this';
}

/** Today's appointments, by start, the cancelled ones after the others. */
export function sortForToday(appointments: readonly Appointment[]): Appointment[] {
  return [...appointments].sort(
    (a, b) =>
      Number(a.status === 'cancelled') - Number(b.status === 'cancelled') || Date.parse(a.startsAt) - Date.parse(b.startsAt),
  );
}
