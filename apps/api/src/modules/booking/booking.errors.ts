import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

/** The failures the booking module answers with, by code (its manifest's `errors`). */
export const bookingErrors = defineErrors({
  BOOKING_SLOT_TAKEN: { status: 409, message: messages.booking.errors.slotTaken },
  BOOKING_PAGE_NOT_FOUND: { status: 404, message: messages.booking.errors.pageNotFound },
  BOOKING_LINK_INVALID: { status: 404, message: messages.booking.errors.linkInvalid },
});

type BookingErrors = typeof bookingErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends BookingErrors {}
}
