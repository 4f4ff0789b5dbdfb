import { messageEnvelope } from '../schemas/common';
import {
  portalAppointmentResponse,
  portalAppointmentsResponse,
  portalCancelRequest,
  portalDocumentsResponse,
  portalFormsResponse,
  portalReceiptsResponse,
  portalRescheduleRequest,
  portalSessionRequest,
  portalSignInRequest,
} from '../schemas/portal';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'portal';

/**
 * The patient portal. A patient the professional invited signs in with a one-time link mailed to
 * their address; the portal's cookie is not the professional's session (each is refused where the
 * other is needed). A patient sees only their own data (another's ids: 404), each professional's apart.
 */
export const portalApi = {
  /** 202: the patient (who must have an e-mail) is mailed a link to the portal. */
  invite: defineRoute({ method: 'POST', path: '/v1/patients/:id/portal-invitation', access: 'session', tag, params: idParams, status: 202, response: messageEnvelope, errors: { 404: ['PATIENT_NOT_FOUND'], 409: ['PORTAL_NO_EMAIL'] } }),
  /** 202 whatever the address (an unknown one is not told apart); a link is mailed to an invited patient's. */
  requestSignIn: defineRoute({ method: 'POST', path: '/v1/portal/sessions/request', access: 'public', tag, body: portalSignInRequest, status: 202, response: messageEnvelope, errors: { 429: ['TOO_MANY_REQUESTS'] } }),
  /** Signs in with the mailed link (once, within 15 minutes): sets the portal's cookie. */
  signIn: defineRoute({ method: 'POST', path: '/v1/portal/sessions', access: 'public', tag, body: portalSessionRequest, status: 201, response: messageEnvelope, errors: { 404: ['PORTAL_LINK_INVALID'], 429: ['TOO_MANY_REQUESTS'] } }),
  signOut: defineRoute({ method: 'DELETE', path: '/v1/portal/sessions', access: 'public', tag, status: 200, response: messageEnvelope }),
  appointments: defineRoute({ method: 'GET', path: '/v1/portal/appointments', access: 'public', tag, status: 200, response: portalAppointmentsResponse, errors: { 401: ['UNAUTHORIZED'] } }),
  confirm: defineRoute({ method: 'POST', path: '/v1/portal/appointments/:id/confirm', access: 'public', tag, params: idParams, status: 200, response: portalAppointmentResponse, errors: { 401: ['UNAUTHORIZED'], 404: ['APPOINTMENT_NOT_FOUND'], 409: ['APPOINTMENT_CLOSED'] } }),
  /** 409 inside the cancellation notice (the message says to contact the professional) or once closed. */
  cancel: defineRoute({ method: 'POST', path: '/v1/portal/appointments/:id/cancel', access: 'public', tag, params: idParams, body: portalCancelRequest, status: 200, response: portalAppointmentResponse, errors: { 401: ['UNAUTHORIZED'], 404: ['APPOINTMENT_NOT_FOUND'], 409: ['PORTAL_TOO_LATE', 'APPOINTMENT_ALREADY_CANCELLED', 'APPOINTMENT_CLOSED'] } }),
  /** To a free slot of the professional's page; 409 when it is not free, inside the notice, or closed. */
  reschedule: defineRoute({ method: 'POST', path: '/v1/portal/appointments/:id/reschedule', access: 'public', tag, params: idParams, body: portalRescheduleRequest, status: 200, response: portalAppointmentResponse, errors: { 401: ['UNAUTHORIZED'], 404: ['APPOINTMENT_NOT_FOUND'], 409: ['PORTAL_TOO_LATE', 'APPOINTMENT_ALREADY_CANCELLED', 'APPOINTMENT_CLOSED', 'BOOKING_SLOT_TAKEN'] } }),
  forms: defineRoute({ method: 'GET', path: '/v1/portal/forms', access: 'public', tag, status: 200, response: portalFormsResponse, errors: { 401: ['UNAUTHORIZED'] } }),
  receipts: defineRoute({ method: 'GET', path: '/v1/portal/receipts', access: 'public', tag, status: 200, response: portalReceiptsResponse, errors: { 401: ['UNAUTHORIZED'] } }),
  documents: defineRoute({ method: 'GET', path: '/v1/portal/documents', access: 'public', tag, status: 200, response: portalDocumentsResponse, errors: { 401: ['UNAUTHORIZED'] } }),
};
