import { z } from 'zod';
import { messageEnvelope } from '../schemas/common';
import {
  certificateMaxBytes,
  documentCreateRequest,
  documentEmailRequest,
  documentEmailResponse,
  documentListResponse,
  documentResponse,
  documentUpdateRequest,
  signedPdfMaxBytes,
} from '../schemas/documents';
import { idParams } from './common';
import { binaryAnswer, defineRoute, type MultipartBody } from './route';

const tag = 'documents';

/** A signature with an A1 certificate: the .pfx/.p12 file and its password, used for this request only. */
export const certificateUpload = {
  fileField: 'certificate',
  maxFiles: 1,
  maxFileBytes: certificateMaxBytes,
  fields: z.object({ password: z.string().describe('the certificate’s password') }),
} as const satisfies MultipartBody;

/** The document's PDF after it was signed in another application. */
export const signedPdfUpload = {
  fileField: 'file',
  maxFiles: 1,
  maxFileBytes: signedPdfMaxBytes,
  fileTypes: ['application/pdf'],
} as const satisfies MultipartBody;

export const documentsApi = {
  /** The patient's documents, newest first. */
  list: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/documents',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: documentListResponse,
  }),
  /**
   * A draft document: a declaration from chosen attended appointments (`appointmentIds`), or a
   * document whose text is written in the kind's `sections`. 404 for an appointment not the
   * patient's.
   */
  create: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/documents',
    access: 'session',
    tag,
    params: idParams,
    body: documentCreateRequest,
    errors: { 400: ['DOCUMENT_KIND_NOT_ALLOWED', 'DOCUMENT_SECTION_UNKNOWN', 'DOCUMENT_TEXT_NOT_ALLOWED', 'DOCUMENT_APPOINTMENTS_NOT_ALLOWED', 'DOCUMENT_APPOINTMENTS_REQUIRED', 'DOCUMENT_APPOINTMENT_NOT_ATTENDED'], 404: ['PATIENT_NOT_FOUND', 'APPOINTMENT_NOT_FOUND'] },
    status: 201,
    response: documentResponse,
  }),
  get: defineRoute({ method: 'GET', path: '/v1/documents/:id', access: 'session', tag, params: idParams, errors: { 404: ['DOCUMENT_NOT_FOUND'] }, status: 200, response: documentResponse }),
  /** Changes a draft; 423 once it is issued. */
  update: defineRoute({
    method: 'PUT',
    path: '/v1/documents/:id',
    access: 'session',
    tag,
    params: idParams,
    body: documentUpdateRequest,
    status: 200,
    response: documentResponse,
    errors: { 400: ['DOCUMENT_SECTION_UNKNOWN', 'DOCUMENT_TEXT_NOT_ALLOWED', 'DOCUMENT_APPOINTMENTS_NOT_ALLOWED', 'DOCUMENT_APPOINTMENTS_REQUIRED', 'DOCUMENT_APPOINTMENT_NOT_ATTENDED'], 404: ['DOCUMENT_NOT_FOUND'], 423: ['DOCUMENT_ISSUED'] },
  }),
  /** Deletes a draft; 423 once it is issued (a copy stays in the patient's file). */
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/documents/:id',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: messageEnvelope,
    errors: { 404: ['DOCUMENT_NOT_FOUND'], 423: ['DOCUMENT_ISSUED'] },
  }),
  /** Issues the draft: its PDF is written and kept, and the document is immutable; 423 when already issued; 409 without the registration a psychologist's document needs. */
  issue: defineRoute({
    method: 'POST',
    path: '/v1/documents/:id/issue',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: documentResponse,
    errors: { 400: ['DOCUMENT_SECTION_REQUIRED', 'DOCUMENT_APPOINTMENTS_REQUIRED'], 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_REGISTRATION_MISSING'], 423: ['DOCUMENT_ISSUED'] },
  }),
  /** The document as a PDF: the signed version, else the issued one, else a draft's preview. */
  pdf: defineRoute({
    method: 'GET',
    path: '/v1/documents/:id/pdf',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['DOCUMENT_NOT_FOUND', 'NOT_FOUND'] },
    status: 200,
    response: binaryAnswer('the document, a PDF file'),
    raw: 'application/pdf',
  }),
  /**
   * Signs the issued PDF (PAdES) with an ICP-Brasil A1 certificate; neither the certificate nor
   * its password is stored. 400 'Senha do certificado incorreta.' (nothing changes); 409 when
   * not issued or already signed.
   */
  sign: defineRoute({
    method: 'POST',
    path: '/v1/documents/:id/sign',
    access: 'session',
    tag,
    params: idParams,
    multipart: certificateUpload,
    status: 200,
    response: documentResponse,
    errors: { 400: ['CERTIFICATE_MISSING', 'CERTIFICATE_PASSWORD_MISSING', 'CERTIFICATE_PASSWORD_WRONG', 'CERTIFICATE_INVALID', 'CERTIFICATE_NO_KEY', 'CERTIFICATE_KEY_UNSUPPORTED', 'CERTIFICATE_EXPIRED', 'CERTIFICATE_NOT_YET_VALID'], 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_NOT_ISSUED', 'DOCUMENT_ALREADY_SIGNED'], 413: ['CERTIFICATE_TOO_LARGE'] },
  }),
  /** Keeps the PDF signed elsewhere as the final version: it must be the issued PDF with a signature added. 409 when not issued or already signed. */
  uploadSigned: defineRoute({
    method: 'POST',
    path: '/v1/documents/:id/signed-pdf',
    access: 'session',
    tag,
    params: idParams,
    multipart: signedPdfUpload,
    status: 200,
    response: documentResponse,
    errors: { 400: ['SIGNED_PDF_INVALID'], 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_NOT_ISSUED', 'DOCUMENT_ALREADY_SIGNED'] },
  }),
  /** Mails the signed PDF to the patient's e-mail or the one given (the responsible's); 409 when not signed or without an address. */
  email: defineRoute({
    method: 'POST',
    path: '/v1/documents/:id/email',
    access: 'session',
    tag,
    params: idParams,
    body: documentEmailRequest,
    status: 202,
    response: documentEmailResponse,
    errors: { 404: ['DOCUMENT_NOT_FOUND'], 409: ['DOCUMENT_NOT_ISSUED', 'DOCUMENT_NOT_SIGNED', 'RECIPIENT_EMAIL_MISSING'] },
  }),
};
