import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the agenda module answers with, by code (its manifest's `errors`). */
export const agendaErrors = defineErrors({
  APPOINTMENT_NOT_FOUND: { status: 404, message: e.appointmentNotFound },
  APPOINTMENT_OVERLAP: { status: 409, message: e.appointmentOverlap },
  APPOINTMENT_LINK_INVALID: { status: 404, message: e.appointmentLinkInvalid },
  APPOINTMENT_ALREADY_CANCELLED: { status: 409, message: e.appointmentAlreadyCancelled },
  APPOINTMENT_CLOSED: { status: 409, message: e.appointmentClosed },
  CALENDAR_FEED_NOT_FOUND: { status: 404, message: e.calendarFeedNotFound },
  BOOKING_NOT_REQUESTED: { status: 409, message: messages.booking.errors.notRequested },
});

type AgendaErrors = typeof agendaErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends AgendaErrors {}
}
