import { messageEnvelope } from '../schemas/common';
import {
  accessLogQuery,
  accessLogResponse,
  patientCreateRequest,
  patientDeleteRequest,
  patientDeletionResponse,
  patientListQuery,
  patientListResponse,
  patientResponse,
  patientUpdateRequest,
} from '../schemas/patients';
import { avatarUpload, idParams } from './common';
import { binaryAnswer, defineRoute } from './route';

const tag = 'patients';

export const patientsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/users/me/patients',
    access: 'session',
    tag,
    query: patientListQuery,
    status: 200,
    response: patientListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/v1/users/me/patients',
    access: 'session',
    tag,
    body: patientCreateRequest,
    status: 201,
    response: patientResponse,
    // 403: the plan's patient limit is reached.
    errors: { 403: ['PATIENT_LIMIT'] },
  }),
  get: defineRoute({ method: 'GET', path: '/v1/patients/:id', access: 'session', tag, params: idParams, errors: { 404: ['PATIENT_NOT_FOUND'] }, status: 200, response: patientResponse }),
  update: defineRoute({
    method: 'PUT',
    path: '/v1/patients/:id',
    access: 'session',
    tag,
    params: idParams,
    body: patientUpdateRequest,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: patientResponse,
  }),
  /** 409 for a patient with a finalized record, unless the body's `confirmName` is the patient's full name. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/patients/:id',
    access: 'session',
    tag,
    params: idParams,
    body: patientDeleteRequest,
    status: 200,
    response: messageEnvelope,
    errors: { 404: ['PATIENT_NOT_FOUND'], 409: ['PATIENT_NAME_CONFIRMATION'] },
  }),
  /** Whether deleting the patient asks for the name typed (finalized records, kept 5 years by CFP 001/2009). */
  deletion: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/deletion',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: patientDeletionResponse,
  }),
  /** Who read or changed the patient's data, newest first, a page at a time. */
  accessLog: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/access-log',
    access: 'session',
    tag,
    params: idParams,
    query: accessLogQuery,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: accessLogResponse,
  }),
  /** The patient's whole file as a ZIP: paciente.json, each record as HTML, every stored file under anexos/. */
  export: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/export',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: binaryAnswer('a ZIP file'),
    raw: 'application/zip',
  }),
  uploadAvatar: defineRoute({
    method: 'PUT',
    path: '/v1/patients/:id/avatar',
    access: 'session',
    tag,
    params: idParams,
    multipart: avatarUpload,
    errors: { 400: ['FILE_MISSING'], 404: ['PATIENT_NOT_FOUND'], 413: ['FILE_TOO_LARGE'], 415: ['FILE_TYPE_IMAGE'] },
    status: 200,
    response: patientResponse,
  }),
};
