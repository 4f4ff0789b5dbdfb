import { bookingSlotsQuery, bookingSlotsResponse } from '../schemas/booking';
import { messageEnvelope } from '../schemas/common';
import {
  portalAccessResponse,
  portalBalancesResponse,
  portalConsentRequest,
  portalConsentResponse,
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
import { binaryAnswer, defineRoute } from './route';

const tag = 'portal';

/**
 * The patient portal. A patient the professional invited signs in with a one-time link mailed to
 * their address; the portal's cookie is not the professional's session (each is refused where the
 * other is needed). A patient sees only their own data (another's ids: 404), each professional's apart.
 * Until the patient accepts the portal's terms (for every professional who invited them), every
 * view but the terms' own answers 403 `PORTAL_CONSENT_REQUIRED`.
 */
export const portalApi = {
  /** 202: the patient (who must have an e-mail) is mailed a link to the portal. */
  invite: defineRoute({ method: 'POST', path: '/v1/patients/:id/portal-invitation', access: 'session', tag, params: idParams, status: 202, response: messageEnvelope, errors: { 404: ['PATIENT_NOT_FOUND'], 409: ['PORTAL_NO_EMAIL'] } }),
  /** 202 whatever the address (an unknown one is not told apart); a link is mailed to an invited patient's. */
  requestSignIn: defineRoute({ method: 'POST', path: '/v1/portal/sessions/request', access: 'public', tag, body: portalSignInRequest, status: 202, response: messageEnvelope, errors: { 429: ['TOO_MANY_REQUESTS'] } }),
  /** Signs in with the mailed link (once, within 15 minutes): sets the portal's cookie. */
  signIn: defineRoute({ method: 'POST', path: '/v1/portal/sessions', access: 'public', tag, body: portalSessionRequest, status: 201, response: messageEnvelope, errors: { 404: ['PORTAL_LINK_INVALID'], 429: ['TOO_MANY_REQUESTS'] } }),
  signOut: defineRoute({ method: 'DELETE', path: '/v1/portal/sessions', access: 'public', tag, status: 200, response: messageEnvelope }),
  /** 'Revogar acesso ao portal': the patient's portal shows nothing of this professional any more; a new invitation asks for the terms again. */
  revoke: defineRoute({ method: 'DELETE', path: '/v1/patients/:id/portal-invitation', access: 'session', tag, params: idParams, errors: { 404: ['PATIENT_NOT_FOUND'] }, status: 200, response: messageEnvelope }),
  /** The professional's view: when the patient was invited, accepted the portal's terms, or withdrew them (nulls when not). */
  access: defineRoute({ method: 'GET', path: '/v1/patients/:id/portal-access', access: 'session', tag, params: idParams, errors: { 404: ['PATIENT_NOT_FOUND'] }, status: 200, response: portalAccessResponse }),
  /** Whether the terms must still be accepted, and for which professionals. */
  consent: defineRoute({ method: 'GET', path: '/v1/portal/consent', access: 'public', tag, status: 200, response: portalConsentResponse, errors: { 401: ['UNAUTHORIZED'] } }),
  /** Accepts the terms (`accept: true`) for every professional who invited the patient; the time is kept. */
  acceptConsent: defineRoute({ method: 'POST', path: '/v1/portal/consent', access: 'public', tag, body: portalConsentRequest, status: 200, response: portalConsentResponse, errors: { 401: ['UNAUTHORIZED'] } }),
  /** Withdraws the patient's consent for every professional who invited them (the time is kept for each) and ends every portal session of the address. */
  withdrawConsent: defineRoute({ method: 'DELETE', path: '/v1/portal/consent', access: 'public', tag, status: 200, response: messageEnvelope, errors: { 401: ['UNAUTHORIZED'] } }),
  appointments: defineRoute({ method: 'GET', path: '/v1/portal/appointments', access: 'public', tag, status: 200, response: portalAppointmentsResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] } }),
  /** The free slots the appointment may move to, between two days (the professional's availability, as on the booking page). */
  slots: defineRoute({ method: 'GET', path: '/v1/portal/appointments/:id/slots', access: 'public', tag, params: idParams, query: bookingSlotsQuery, status: 200, response: bookingSlotsResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] } }),
  confirm: defineRoute({ method: 'POST', path: '/v1/portal/appointments/:id/confirm', access: 'public', tag, params: idParams, status: 200, response: portalAppointmentResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'], 404: ['APPOINTMENT_NOT_FOUND'], 409: ['APPOINTMENT_CLOSED'] } }),
  /** 409 inside the cancellation notice (the message says to contact the professional) or once closed. */
  cancel: defineRoute({ method: 'POST', path: '/v1/portal/appointments/:id/cancel', access: 'public', tag, params: idParams, body: portalCancelRequest, status: 200, response: portalAppointmentResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'], 404: ['APPOINTMENT_NOT_FOUND'], 409: ['PORTAL_TOO_LATE', 'APPOINTMENT_ALREADY_CANCELLED', 'APPOINTMENT_CLOSED'] } }),
  /** To a free slot of the professional's page; 409 when it is not free, inside the notice, or closed. */
  reschedule: defineRoute({ method: 'POST', path: '/v1/portal/appointments/:id/reschedule', access: 'public', tag, params: idParams, body: portalRescheduleRequest, status: 200, response: portalAppointmentResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'], 404: ['APPOINTMENT_NOT_FOUND'], 409: ['PORTAL_TOO_LATE', 'APPOINTMENT_ALREADY_CANCELLED', 'APPOINTMENT_CLOSED', 'BOOKING_SLOT_TAKEN'] } }),
  forms: defineRoute({ method: 'GET', path: '/v1/portal/forms', access: 'public', tag, status: 200, response: portalFormsResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] } }),
  receipts: defineRoute({ method: 'GET', path: '/v1/portal/receipts', access: 'public', tag, status: 200, response: portalReceiptsResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] } }),
  /** The receipt's PDF (one of the patient's, not cancelled). */
  receiptPdf: defineRoute({
    method: 'GET',
    path: '/v1/portal/receipts/:id/pdf',
    access: 'public',
    tag,
    params: idParams,
    status: 200,
    response: binaryAnswer('the receipt, a PDF file'),
    raw: 'application/pdf',
    errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'], 404: ['PAYMENT_NOT_FOUND'] },
  }),
  documents: defineRoute({ method: 'GET', path: '/v1/portal/documents', access: 'public', tag, status: 200, response: portalDocumentsResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] } }),
  /** The issued document's PDF (the signed version when there is one). */
  documentPdf: defineRoute({
    method: 'GET',
    path: '/v1/portal/documents/:id/pdf',
    access: 'public',
    tag,
    params: idParams,
    status: 200,
    response: binaryAnswer('the document, a PDF file'),
    raw: 'application/pdf',
    errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] },
  }),
  /** What is owed to each professional for sessions held, with the Pix 'copia e cola' when they have a Pix key. */
  balance: defineRoute({ method: 'GET', path: '/v1/portal/balance', access: 'public', tag, status: 200, response: portalBalancesResponse, errors: { 401: ['UNAUTHORIZED'], 403: ['PORTAL_CONSENT_REQUIRED'] } }),
};
