import { z } from 'zod';
import {
  appointmentCreateRequest,
  appointmentDeleteQuery,
  appointmentListQuery,
  appointmentListResponse,
  appointmentMessagesResponse,
  appointmentResponse,
  appointmentSummariesQuery,
  appointmentSummariesResponse,
  appointmentUpdateRequest,
  calendarFeedRequest,
  calendarFeedResponse,
  publicAppointmentActionRequest,
  publicAppointmentRequest,
  publicAppointmentResponse,
} from '../schemas/appointments';
import { messageEnvelope } from '../schemas/common';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'agenda';

export const agendaApi = {
  /** The appointments between `from` and `to` (at most 62 days), occurrences of series one by one, by start. */
  list: defineRoute({
    method: 'GET',
    path: '/v1/users/me/appointments',
    access: 'session',
    tag,
    query: appointmentListQuery,
    status: 200,
    response: appointmentListResponse,
  }),
  /** 201 with the first appointment (of a series); 404 for a patient not the professional's; 409 when it overlaps another unless `allowOverlap`. */
  create: defineRoute({
    method: 'POST',
    path: '/v1/users/me/appointments',
    access: 'session',
    tag,
    body: appointmentCreateRequest,
    status: 201,
    response: appointmentResponse,
    errors: { 404: ['PATIENT_NOT_FOUND'], 409: ['APPOINTMENT_OVERLAP'] },
  }),
  /** For each patient: the next appointment and the counts of attended, missed and cancelled ones. */
  summaries: defineRoute({
    method: 'GET',
    path: '/v1/users/me/appointments/summaries',
    access: 'session',
    tag,
    query: appointmentSummariesQuery,
    status: 200,
    response: appointmentSummariesResponse,
  }),
  /** The patient's sessions: their appointments that have started, newest first (at most 100), each with its note's id. */
  patientSessions: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/appointments',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: appointmentListResponse,
  }),
  get: defineRoute({ method: 'GET', path: '/v1/appointments/:id', access: 'session', tag, params: idParams, errors: { 404: ['APPOINTMENT_NOT_FOUND'] }, status: 200, response: appointmentResponse }),
  /** The messages the patient was sent about the appointment (reminders by e-mail or WhatsApp, notices), each with its status and the patient's answer, oldest first. */
  messages: defineRoute({
    method: 'GET',
    path: '/v1/appointments/:id/messages',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'] },
    status: 200,
    response: appointmentMessagesResponse,
  }),
  /** Changes one appointment, or it and the following ones of its series (`scope`). */
  update: defineRoute({
    method: 'PUT',
    path: '/v1/appointments/:id',
    access: 'session',
    tag,
    params: idParams,
    body: appointmentUpdateRequest,
    status: 200,
    response: appointmentResponse,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'], 409: ['APPOINTMENT_OVERLAP'] },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/appointments/:id',
    access: 'session',
    tag,
    params: idParams,
    query: appointmentDeleteQuery,
    errors: { 404: ['APPOINTMENT_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
  /** What a reminder's link shows to the patient: no id, nothing else of the agenda. */
  getPublic: defineRoute({
    method: 'POST',
    path: '/v1/appointments/public',
    access: 'public',
    tag,
    body: publicAppointmentRequest,
    status: 200,
    response: publicAppointmentResponse,
    errors: { 404: ['APPOINTMENT_LINK_INVALID'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** 409 once the professional set the appointment to attended, no-show or cancelled: the link changes nothing then. */
  confirmPublic: defineRoute({
    method: 'POST',
    path: '/v1/appointments/public/confirm',
    access: 'public',
    tag,
    body: publicAppointmentActionRequest,
    status: 200,
    response: publicAppointmentResponse,
    errors: { 404: ['APPOINTMENT_LINK_INVALID'], 409: ['APPOINTMENT_ALREADY_CANCELLED', 'APPOINTMENT_CLOSED'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** 409 once the professional set the appointment to attended, no-show or cancelled (or it is already cancelled). */
  cancelPublic: defineRoute({
    method: 'POST',
    path: '/v1/appointments/public/cancel',
    access: 'public',
    tag,
    body: publicAppointmentActionRequest,
    status: 200,
    response: publicAppointmentResponse,
    errors: { 404: ['APPOINTMENT_LINK_INVALID'], 409: ['APPOINTMENT_ALREADY_CANCELLED', 'APPOINTMENT_CLOSED'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  /** The private calendar address (created on first use). */
  calendarFeed: defineRoute({
    method: 'GET',
    path: '/v1/users/me/calendar-feed',
    access: 'session',
    tag,
    status: 200,
    response: calendarFeedResponse,
  }),
  /** A new address (the old one stops working); `fullNames` chooses what events show. */
  renewCalendarFeed: defineRoute({
    method: 'POST',
    path: '/v1/users/me/calendar-feed',
    access: 'session',
    tag,
    body: calendarFeedRequest,
    status: 200,
    response: calendarFeedResponse,
  }),
  /** The feed itself (iCalendar), found by its secret token. */
  calendar: defineRoute({
    method: 'GET',
    path: '/v1/calendar/:token',
    access: 'public',
    tag,
    params: z.object({ token: z.string().max(100) }),
    errors: { 404: ['CALENDAR_FEED_NOT_FOUND'] },
    status: 200,
    response: z.string().describe('an iCalendar (RFC 5545) file'),
    raw: 'text/calendar',
  }),
};

