import { appointmentResponse } from '../schemas/appointments';
import {
  availabilityRequest,
  availabilityResponse,
  bookingConfirmRequest,
  bookingConfirmResponse,
  bookingProfileResponse,
  bookingRequest,
  bookingSlotsQuery,
  bookingSlotsResponse,
  bookingSlugParams,
} from '../schemas/booking';
import { messageEnvelope } from '../schemas/common';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'booking';

/**
 * Online booking: the professional's availability, the public page `/agendar/:slug` (404 while
 * the page is off or unknown), the request held until its e-mail link confirms it, and the
 * professional's decision on a booking that needs approval.
 */
export const bookingApi = {
  availability: defineRoute({
    method: 'GET',
    path: '/v1/users/me/availability',
    access: 'session',
    tag,
    status: 200,
    response: availabilityResponse,
  }),
  updateAvailability: defineRoute({
    method: 'PUT',
    path: '/v1/users/me/availability',
    access: 'session',
    tag,
    body: availabilityRequest,
    status: 200,
    response: availabilityResponse,
    /** 404: the intake questionnaire is not one of the professional's templates (or the library's). */
    errors: [404],
  }),
  /** The professional's public profile: name, profession, registration, modalities and time zone. */
  profile: defineRoute({
    method: 'GET',
    path: '/v1/booking/:slug',
    access: 'public',
    tag,
    params: bookingSlugParams,
    status: 200,
    response: bookingProfileResponse,
    errors: { 404: ['BOOKING_PAGE_NOT_FOUND'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** The free slots between two days (at most 31 days apart), in order. */
  slots: defineRoute({
    method: 'GET',
    path: '/v1/booking/:slug/slots',
    access: 'public',
    tag,
    params: bookingSlugParams,
    query: bookingSlotsQuery,
    status: 200,
    response: bookingSlotsResponse,
    errors: { 404: ['BOOKING_PAGE_NOT_FOUND'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** 202: the slot is held and a confirmation link mailed; 409 when the slot is not free. */
  request: defineRoute({
    method: 'POST',
    path: '/v1/booking/:slug/requests',
    access: 'public',
    tag,
    params: bookingSlugParams,
    body: bookingRequest,
    status: 202,
    response: messageEnvelope,
    errors: { 404: ['BOOKING_PAGE_NOT_FOUND'], 409: ['BOOKING_SLOT_TAKEN'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** 201 with the appointment's public fields; 409 when the slot was taken meanwhile; 404 for an unknown, used or expired link. */
  confirm: defineRoute({
    method: 'POST',
    path: '/v1/booking/requests/confirm',
    access: 'public',
    tag,
    body: bookingConfirmRequest,
    status: 201,
    response: bookingConfirmResponse,
    errors: { 404: ['BOOKING_LINK_INVALID'], 409: ['BOOKING_SLOT_TAKEN'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** 'Aceitar': a requested appointment becomes scheduled and its patient is told. */
  accept: defineRoute({
    method: 'POST',
    path: '/v1/appointments/:id/accept',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: appointmentResponse,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['BOOKING_NOT_REQUESTED'] },
  }),
  /** 'Recusar': a requested appointment is cancelled and its patient is told. */
  decline: defineRoute({
    method: 'POST',
    path: '/v1/appointments/:id/decline',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: appointmentResponse,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['BOOKING_NOT_REQUESTED'] },
  }),
};
