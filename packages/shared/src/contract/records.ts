import { limits } from '../constants/limits';
import { messageEnvelope } from '../schemas/common';
import { z } from 'zod';
import { idSchema } from '../schemas/common';
import {
  recordAddendumRequest,
  recordAddendumResponse,
  recordAttachmentsResponse,
  recordContentRequest,
  recordRestoreRequest,
  recordVersionResponse,
  recordVersionsResponse,
  recordDetailResponse,
  recordListResponse,
  recordCreateRequest,
  recordNameRequest,
  recordResponse,
  noteTemplateDefaultRequest,
  noteTemplateDefaultResponse,
  noteTemplateRequest,
  noteTemplateResponse,
  noteTemplatesResponse,
} from '../schemas/records';
import { attachmentsUpload, idParams } from './common';
import { defineRoute } from './route';

const tag = 'records';

const versionParams = z.object({ id: idSchema, versionId: idSchema });

/** Room for every attachment of one request plus the multipart framing. */
export const attachmentsBodyBytes = limits.attachmentMaxBytes * limits.attachmentsPerRequest + 1024 * 1024;

export const recordsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/records',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: recordListResponse,
  }),
  /**
   * A free record (`name`), or the session note of one of the patient's appointments
   * (`appointmentId`: named and dated by it, its text from a note template). 404 for an
   * appointment of another patient or professional, or a template not theirs; 409 when the
   * appointment already has its note.
   */
  create: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/records',
    access: 'session',
    tag,
    params: idParams,
    body: recordCreateRequest,
    status: 201,
    response: recordResponse,
    errors: { 404: ['PATIENT_NOT_FOUND', 'APPOINTMENT_NOT_FOUND', 'NOTE_TEMPLATE_NOT_FOUND'], 409: ['RECORD_APPOINTMENT_TAKEN', 'RECORD_APPOINTMENT_CLOSED'] },
  }),
  get: defineRoute({ method: 'GET', path: '/v1/records/:id', access: 'session', tag, params: idParams, errors: { 404: ['RECORD_NOT_FOUND'] }, status: 200, response: recordDetailResponse }),
  /** 423: the record is finalized. */
  rename: defineRoute({
    method: 'PUT',
    path: '/v1/records/:id',
    access: 'session',
    tag,
    params: idParams,
    body: recordNameRequest,
    status: 200,
    response: recordResponse,
    errors: { 404: ['RECORD_NOT_FOUND'], 423: ['RECORD_FINALIZED'] },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/records/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['RECORD_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
  /** 409: edited from an older version (nothing stored); 423: finalized. */
  saveContent: defineRoute({
    method: 'PUT',
    path: '/v1/records/:id/content',
    access: 'session',
    tag,
    params: idParams,
    body: recordContentRequest,
    maxBodyBytes: limits.recordContentBodyBytes,
    status: 200,
    response: recordResponse,
    errors: { 404: ['RECORD_NOT_FOUND'], 409: ['RECORD_VERSION_CONFLICT'], 423: ['RECORD_FINALIZED'] },
  }),
  /** The content's versions, newest first. */
  versions: defineRoute({
    method: 'GET',
    path: '/v1/records/:id/versions',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['RECORD_NOT_FOUND'] },
    status: 200,
    response: recordVersionsResponse,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/v1/records/:id/versions/:versionId',
    access: 'session',
    tag,
    params: versionParams,
    errors: { 404: ['RECORD_NOT_FOUND', 'VERSION_NOT_FOUND'] },
    status: 200,
    response: recordVersionResponse,
  }),
  /** Makes an earlier version the content again (itself a new version). */
  restoreVersion: defineRoute({
    method: 'POST',
    path: '/v1/records/:id/versions/:versionId/restore',
    access: 'session',
    tag,
    params: versionParams,
    body: recordRestoreRequest,
    status: 200,
    response: recordResponse,
    errors: { 404: ['RECORD_NOT_FOUND', 'VERSION_NOT_FOUND'], 409: ['RECORD_VERSION_CONFLICT'], 423: ['RECORD_FINALIZED'] },
  }),
  /** Makes the content read-only and stores its SHA-256; 409 when already finalized. */
  finalize: defineRoute({
    method: 'POST',
    path: '/v1/records/:id/finalize',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: recordResponse,
    errors: { 404: ['RECORD_NOT_FOUND'], 409: ['RECORD_ALREADY_FINALIZED'] },
  }),
  /** A dated correction of a finalized record (409 while it is not finalized). */
  addAddendum: defineRoute({
    method: 'POST',
    path: '/v1/records/:id/addenda',
    access: 'session',
    tag,
    params: idParams,
    body: recordAddendumRequest,
    maxBodyBytes: limits.recordContentBodyBytes,
    status: 201,
    response: recordAddendumResponse,
    errors: { 404: ['RECORD_NOT_FOUND'], 409: ['RECORD_NOT_FINALIZED'] },
  }),
  /** 423: the record is finalized (nothing is read). */
  uploadAttachments: defineRoute({
    method: 'POST',
    path: '/v1/records/:id/attachments',
    access: 'session',
    tag,
    params: idParams,
    multipart: attachmentsUpload,
    maxBodyBytes: attachmentsBodyBytes,
    status: 201,
    response: recordAttachmentsResponse,
    errors: { 400: ['ATTACHMENTS_MISSING'], 404: ['RECORD_NOT_FOUND'], 413: ['ATTACHMENT_TOO_LARGE', 'TOO_MANY_ATTACHMENTS'], 423: ['RECORD_FINALIZED'] },
  }),
  /** 423: the record is finalized. */
  removeAttachment: defineRoute({
    method: 'DELETE',
    path: '/v1/records/attachments/:id',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: messageEnvelope,
    errors: { 404: ['ATTACHMENT_NOT_FOUND'], 423: ['RECORD_FINALIZED'] },
  }),
  /** The note templates: the library's, then the professional's own, and which one session notes start from. */
  listNoteTemplates: defineRoute({
    method: 'GET',
    path: '/v1/users/me/note-templates',
    access: 'session',
    tag,
    status: 200,
    response: noteTemplatesResponse,
  }),
  createNoteTemplate: defineRoute({
    method: 'POST',
    path: '/v1/users/me/note-templates',
    access: 'session',
    tag,
    body: noteTemplateRequest,
    status: 201,
    response: noteTemplateResponse,
  }),
  /** Chooses the template session notes start from (the library's or an own one). */
  setDefaultNoteTemplate: defineRoute({
    method: 'PUT',
    path: '/v1/users/me/note-templates/default',
    access: 'session',
    tag,
    body: noteTemplateDefaultRequest,
    status: 200,
    response: noteTemplateDefaultResponse,
    errors: { 404: ['NOTE_TEMPLATE_NOT_FOUND'] },
  }),
  /** 403 for a library template (read-only). */
  updateNoteTemplate: defineRoute({
    method: 'PUT',
    path: '/v1/note-templates/:id',
    access: 'session',
    tag,
    params: idParams,
    body: noteTemplateRequest,
    errors: { 403: ['NOTE_TEMPLATE_READ_ONLY'], 404: ['NOTE_TEMPLATE_NOT_FOUND'] },
    status: 200,
    response: noteTemplateResponse,
  }),
  /** 403 for a library template; deleting the default one makes the library's 'Evolução' the default again. */
  removeNoteTemplate: defineRoute({
    method: 'DELETE',
    path: '/v1/note-templates/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 403: ['NOTE_TEMPLATE_READ_ONLY'], 404: ['NOTE_TEMPLATE_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
};
