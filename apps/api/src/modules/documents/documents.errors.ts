import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const doc = messages.documents.errors;

/** The failures the documents module answers with, by code (its manifest's `errors`). */
export const documentsErrors = defineErrors({
  DOCUMENT_NOT_FOUND: { status: 404, message: doc.notFound },
  DOCUMENT_ISSUED: { status: 423, message: doc.issued },
  DOCUMENT_NOT_ISSUED: { status: 409, message: doc.notIssued },
  DOCUMENT_ALREADY_SIGNED: { status: 409, message: doc.alreadySigned },
  DOCUMENT_NOT_SIGNED: { status: 409, message: doc.notSigned },
  DOCUMENT_KIND_NOT_ALLOWED: { status: 400, message: doc.kindNotAllowed },
  DOCUMENT_SECTION_UNKNOWN: { status: 400, message: doc.sectionUnknown },
  // Thrown with the section's title.
  DOCUMENT_SECTION_REQUIRED: { status: 400, message: doc.sectionRequired('') },
  DOCUMENT_TEXT_NOT_ALLOWED: { status: 400, message: doc.textNotAllowed },
  DOCUMENT_APPOINTMENTS_REQUIRED: { status: 400, message: doc.appointmentsRequired },
  DOCUMENT_APPOINTMENTS_NOT_ALLOWED: { status: 400, message: doc.appointmentsNotAllowed },
  DOCUMENT_APPOINTMENT_NOT_ATTENDED: { status: 400, message: doc.appointmentNotAttended },
  DOCUMENT_REGISTRATION_MISSING: { status: 409, message: doc.registrationMissing },
  CERTIFICATE_MISSING: { status: 400, message: doc.certificateMissing },
  CERTIFICATE_PASSWORD_MISSING: { status: 400, message: doc.certificatePasswordMissing },
  CERTIFICATE_PASSWORD_WRONG: { status: 400, message: doc.certificatePasswordWrong },
  CERTIFICATE_INVALID: { status: 400, message: doc.certificateInvalid },
  CERTIFICATE_NO_KEY: { status: 400, message: doc.certificateNoKey },
  CERTIFICATE_KEY_UNSUPPORTED: { status: 400, message: doc.certificateKeyUnsupported },
  // Thrown with the date.
  CERTIFICATE_EXPIRED: { status: 400, message: doc.certificateExpired('') },
  CERTIFICATE_NOT_YET_VALID: { status: 400, message: doc.certificateNotYetValid('') },
  CERTIFICATE_TOO_LARGE: { status: 413, message: doc.certificateTooLarge },
  SIGNED_PDF_INVALID: { status: 400, message: doc.signedPdfInvalid },
});

type DocumentsErrors = typeof documentsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends DocumentsErrors {}
}
