import { messageEnvelope } from '../schemas/common';
import {
  alertListQuery,
  alertListResponse,
  alertResponse,
  formSendRequest,
  formSentResponse,
  planCreateRequest,
  measurementPlanListResponse,
  planResponse,
  publicFormSubmitRequest,
  publicFormSubmittedResponse,
  scoreSeriesResponse,
} from '../schemas/measurement';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'measurement';

/** Measurement-based care: forms mailed to the patient and sent back, safety alerts, plans and trends. */
export const measurementApi = {
  /** Mails the form's link (through the job queue) to `email` or the patient's e-mail; renews the link for 14 days. */
  sendForm: defineRoute({
    method: 'POST',
    path: '/v1/forms/:id/send',
    access: 'session',
    tag,
    params: idParams,
    body: formSendRequest,
    status: 202,
    response: formSentResponse,
    errors: { 400: ['PATIENT_EMAIL_MISSING'], 404: ['FORM_NOT_FOUND'], 409: ['FORM_NOT_SENDABLE'] },
  }),
  /** The patient sends the answers: every required answer checked, the form locked, the professional told. */
  submitPublic: defineRoute({
    method: 'POST',
    path: '/v1/forms/public/submit',
    access: 'public',
    tag,
    body: publicFormSubmitRequest,
    status: 200,
    response: publicFormSubmittedResponse,
    errors: { 404: ['FORM_NOT_FOUND'], 410: ['FORM_LINK_EXPIRED'], 423: ['FORM_LOCKED'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  listAlerts: defineRoute({
    method: 'GET',
    path: '/v1/users/me/alerts',
    access: 'session',
    tag,
    query: alertListQuery,
    status: 200,
    response: alertListResponse,
    /** A `patientId` that is not the professional's. */
    errors: { 404: ['PATIENT_NOT_FOUND'] },
  }),
  /** 'Ciente': who and when are kept; acknowledging again changes nothing. */
  acknowledgeAlert: defineRoute({
    method: 'POST',
    path: '/v1/alerts/:id/acknowledge',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['ALERT_NOT_FOUND'] },
    status: 200,
    response: alertResponse,
  }),
  createPlan: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/measurement-plans',
    access: 'session',
    tag,
    params: idParams,
    body: planCreateRequest,
    status: 201,
    response: planResponse,
    errors: { 400: ['TEMPLATE_NOT_SCORED'], 404: ['PATIENT_NOT_FOUND', 'TEMPLATE_NOT_FOUND'], 409: ['PLAN_EXISTS'] },
  }),
  listPlans: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/measurement-plans',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: measurementPlanListResponse,
  }),
  deletePlan: defineRoute({
    method: 'DELETE',
    path: '/v1/measurement-plans/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['MEASUREMENT_PLAN_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
  /** Each scored template's submitted scores, oldest first, with its bands. */
  scoreSeries: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/score-series',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: scoreSeriesResponse,
  }),
};
