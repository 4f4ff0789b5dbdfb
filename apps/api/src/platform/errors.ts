import { messages } from '@consultorio/shared';

const e = messages.errors;
const doc = messages.documents.errors;
const rec = messages.recordings.errors;

/** Every failure the API reports on purpose: its HTTP status and its Portuguese message. */
export const errorCatalog = {
  VALIDATION: { status: 400, message: messages.validation.invalidBody },
  UNAUTHORIZED: { status: 401, message: e.unauthorized },
  INVALID_CREDENTIALS: { status: 401, message: e.invalidCredentials },
  NOT_FOUND: { status: 404, message: e.notFound },
  PATIENT_NOT_FOUND: { status: 404, message: e.patientNotFound },
  PATIENT_NAME_CONFIRMATION: { status: 409, message: e.patientNameConfirmation },
  FORM_NOT_FOUND: { status: 404, message: e.formNotFound },
  RECORD_NOT_FOUND: { status: 404, message: e.recordNotFound },
  VERSION_NOT_FOUND: { status: 404, message: e.versionNotFound },
  RECORD_VERSION_CONFLICT: { status: 409, message: e.recordVersionConflict },
  RECORD_ALREADY_FINALIZED: { status: 409, message: e.recordAlreadyFinalized },
  RECORD_NOT_FINALIZED: { status: 409, message: e.recordNotFinalized },
  RECORD_FINALIZED: { status: 423, message: e.recordFinalized },
  APPOINTMENT_NOT_FOUND: { status: 404, message: e.appointmentNotFound },
  APPOINTMENT_OVERLAP: { status: 409, message: e.appointmentOverlap },
  APPOINTMENT_LINK_INVALID: { status: 404, message: e.appointmentLinkInvalid },
  APPOINTMENT_ALREADY_CANCELLED: { status: 409, message: e.appointmentAlreadyCancelled },
  APPOINTMENT_CLOSED: { status: 409, message: e.appointmentClosed },
  CALENDAR_FEED_NOT_FOUND: { status: 404, message: e.calendarFeedNotFound },
  ATTACHMENT_NOT_FOUND: { status: 404, message: e.attachmentNotFound },
  ATTACHMENTS_MISSING: { status: 400, message: e.attachmentsMissing },
  ATTACHMENT_TOO_LARGE: { status: 413, message: e.attachmentTooLarge },
  TOO_MANY_ATTACHMENTS: { status: 413, message: e.tooManyAttachments },
  TEMPLATE_NOT_FOUND: { status: 404, message: e.templateNotFound },
  LIBRARY_TEMPLATE_READ_ONLY: { status: 403, message: e.libraryTemplateReadOnly },
  TEMPLATE_IN_USE: { status: 409, message: e.templateInUse },
  LIBRARY_ASSISTANT_READ_ONLY: { status: 403, message: e.libraryAssistantReadOnly },
  ASSISTANT_IN_USE: { status: 409, message: e.assistantInUse },
  CHAT_NOT_FOUND: { status: 404, message: e.chatNotFound },
  ASSISTANT_NOT_FOUND: { status: 404, message: e.assistantNotFound },
  NOTHING_TO_ANSWER: { status: 409, message: e.nothingToAnswer },
  CHAT_EMPTY: { status: 400, message: e.chatEmpty },
  AI_UNAVAILABLE: { status: 503, message: e.aiUnavailable },
  AI_TIMEOUT: { status: 504, message: e.aiTimeout },
  FORM_LOCKED: { status: 423, message: e.formLocked },
  FORM_SUBMITTED: { status: 409, message: e.formSubmitted },
  FORM_LINK_EXPIRED: { status: 410, message: messages.measurement.errors.linkExpired },
  FORM_NOT_SENDABLE: { status: 409, message: messages.measurement.errors.formNotSendable },
  PATIENT_EMAIL_MISSING: { status: 400, message: messages.measurement.errors.patientEmailMissing },
  TEMPLATE_NOT_SCORED: { status: 400, message: messages.measurement.errors.templateNotScored },
  ALERT_NOT_FOUND: { status: 404, message: messages.measurement.errors.alertNotFound },
  MEASUREMENT_PLAN_NOT_FOUND: { status: 404, message: messages.measurement.errors.planNotFound },
  PLAN_EXISTS: { status: 409, message: messages.measurement.errors.planExists },
  COUPON_INVALID: { status: 400, message: e.couponInvalid },
  PATIENT_LIMIT: { status: 403, message: e.patientLimit(0) },
  TOO_MANY_REQUESTS: { status: 429, message: e.tooManyRequests },
  REGISTRATION_NOT_FOUND: { status: 404, message: e.registrationNotFound },
  CONFIRMATION_INVALID: { status: 400, message: e.confirmationInvalid },
  PASSWORD_UPDATE_FAILED: { status: 400, message: e.passwordUpdateFailed },
  EMAIL_UNCHANGED: { status: 400, message: e.emailUnchanged },
  FILE_MISSING: { status: 400, message: e.fileMissing },
  USERNAME_TAKEN: { status: 409, message: e.usernameTaken },
  EMAIL_TAKEN: { status: 409, message: e.emailTaken },
  FILE_TOO_LARGE: { status: 413, message: e.fileTooLarge },
  BODY_TOO_LARGE: { status: 413, message: e.bodyTooLarge },
  FILE_TYPE_IMAGE: { status: 415, message: e.fileTypeImage },
  // Thrown with the minutes left in the window; the catalogue shows a full one.
  TOO_MANY_LOGINS: { status: 429, message: e.tooManyLogins(15) },
  TOO_MANY_PASSWORD_CHECKS: { status: 429, message: e.tooManyPasswordChecks(15) },
  TOO_MANY_REGISTRATIONS: { status: 429, message: e.tooManyRegistrations(60) },
  EMAIL_NOT_CONFIRMED: { status: 403, message: e.emailNotConfirmed },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: e.passwordChangeRequired },
  RESEND_TOO_SOON: { status: 429, message: e.resendTooSoon },
  SERVICE_UNAVAILABLE: { status: 503, message: e.serviceUnavailable },
  SHUTTING_DOWN: { status: 503, message: e.shuttingDown },
  DATABASE_UNAVAILABLE: { status: 503, message: e.databaseUnavailable },
  MIGRATIONS_PENDING: { status: 503, message: e.migrationsPending },
  METRICS_UNAUTHORIZED: { status: 401, message: e.metricsUnauthorized },
  ROUTE_NOT_FOUND: { status: 404, message: e.routeNotFound },
  PAYMENT_NOT_FOUND: { status: 404, message: e.paymentNotFound },
  PAYMENT_VOIDED: { status: 409, message: e.paymentVoided },
  APPOINTMENTS_NOT_PATIENTS: { status: 400, message: e.appointmentsNotPatients },
  APPOINTMENT_NOT_CHARGEABLE: { status: 409, message: e.appointmentNotChargeable },
  AMOUNT_ABOVE_BALANCE: { status: 400, message: e.amountAboveBalance('') },
  NOTHING_TO_CHARGE: { status: 409, message: e.nothingToCharge },
  PIX_KEY_MISSING: { status: 409, message: e.pixKeyMissing },
  RECIPIENT_EMAIL_MISSING: { status: 409, message: e.recipientEmailMissing },
  PLAN_NOT_FOUND: { status: 404, message: e.planNotFound },
  CHECKOUT_UNAVAILABLE: { status: 409, message: e.checkoutUnavailable },
  PAYMENT_PROVIDER_FAILED: { status: 503, message: e.paymentProviderFailed },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: e.webhookSignatureInvalid },
  // whatsapp (issue 32)
  WHATSAPP_NOT_CONFIGURED: { status: 404, message: messages.whatsapp.errors.notConfigured },
  WHATSAPP_SIGNATURE_INVALID: { status: 401, message: messages.whatsapp.errors.signatureInvalid },
  WHATSAPP_VERIFY_TOKEN_INVALID: { status: 403, message: messages.whatsapp.errors.verifyTokenInvalid },
  // video
  VIDEO_ROOM_NOT_ONLINE: { status: 409, message: messages.video.errors.notOnline },
  VIDEO_LINK_INVALID: { status: 404, message: messages.video.errors.linkInvalid },
  VIDEO_ROOM_EXPIRED: { status: 410, message: messages.video.errors.expired },
  VIDEO_ROOM_CANCELLED: { status: 409, message: messages.video.errors.cancelled },
  VIDEO_ROOM_NOT_OPEN: { status: 409, message: messages.video.errors.notOpen },
  VIDEO_ROOM_FULL: { status: 409, message: messages.video.errors.full },
  VIDEO_NOT_IN_ROOM: { status: 409, message: messages.video.errors.notInRoom },
  // records: session notes and note templates (issue 29)
  RECORD_APPOINTMENT_TAKEN: { status: 409, message: e.recordAppointmentTaken },
  NOTE_TEMPLATE_NOT_FOUND: { status: 404, message: e.noteTemplateNotFound },
  NOTE_TEMPLATE_READ_ONLY: { status: 403, message: e.noteTemplateReadOnly },
  // documents (issue 29)
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
  // Receita Saúde, Carnê-Leão and livro-caixa (issue 28)
  RECEITA_SAUDE_NOT_REQUIRED: { status: 409, message: messages.tax.errors.notRequired },
  RECEITA_SAUDE_INCOMPLETE: { status: 409, message: messages.tax.errors.incomplete },
  CARNE_LEAO_PROFILE_INCOMPLETE: { status: 409, message: messages.tax.errors.profileIncomplete },
  EXPENSE_NOT_FOUND: { status: 404, message: messages.tax.errors.expenseNotFound },
  EXPENSE_RECEIPT_TYPE: { status: 415, message: messages.tax.errors.receiptFileType },
  // recordings: the AI scribe (issue 33)
  RECORDING_NOT_FOUND: { status: 404, message: rec.notFound },
  RECORDING_CONSENT_REQUIRED: { status: 400, message: rec.consentRequired },
  TRANSCRIPTION_NOT_CONFIGURED: { status: 409, message: rec.notConfigured },
  RECORDING_ALREADY_RECORDING: { status: 409, message: rec.alreadyRecording },
  RECORDING_NOT_RECORDING: { status: 409, message: rec.notRecording },
  // Thrown with the chunk's number.
  RECORDING_CHUNK_MISSING: { status: 409, message: rec.chunkMissing(0) },
  RECORDING_NO_CHUNKS: { status: 409, message: rec.noChunks },
  RECORDING_CHUNK_EMPTY: { status: 400, message: rec.chunkEmpty },
  RECORDING_CHUNK_TOO_LARGE: { status: 413, message: rec.chunkTooLarge },
  RECORDING_CHUNK_NOT_AUDIO: { status: 415, message: e.unsupportedMediaType },
  RECORDING_NOT_READY: { status: 409, message: rec.notReady },
  RECORDING_NOT_FAILED: { status: 409, message: rec.notFailed },
  RECORDING_ALREADY_ACCEPTED: { status: 409, message: rec.alreadyAccepted },
  // online booking (issue 31)
  BOOKING_SLOT_TAKEN: { status: 409, message: messages.booking.errors.slotTaken },
  BOOKING_PAGE_NOT_FOUND: { status: 404, message: messages.booking.errors.pageNotFound },
  BOOKING_LINK_INVALID: { status: 404, message: messages.booking.errors.linkInvalid },
  BOOKING_SLUG_TAKEN: { status: 409, message: messages.booking.errors.slugTaken },
  BOOKING_NOT_REQUESTED: { status: 409, message: messages.booking.errors.notRequested },
  // the patient portal (issue 31)
  PORTAL_LINK_INVALID: { status: 404, message: messages.portal.errors.linkInvalid },
  // Thrown with the notice's hours.
  PORTAL_TOO_LATE: { status: 409, message: messages.portal.errors.tooLateToCancel(24) },
  PORTAL_NO_EMAIL: { status: 409, message: messages.portal.noEmail },
  PORTAL_CONSENT_REQUIRED: { status: 403, message: messages.portal.errors.consentRequired },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

/**
 * A mistake of the operator's at `npm run admin` (Portuguese, no stack trace): printed as is, and
 * the command stops with exit code 1. Told back as such when the command ran in the server.
 */
export class OperatorError extends Error {}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? errorCatalog[code].message);
    this.status = errorCatalog[code].status;
  }
}

/** The database error itself (its SQLSTATE `code`, its `constraint`), as raised by pg and PGlite; drizzle wraps it as `cause`. */
function pgErrorOf(error: unknown): { code?: unknown; constraint?: unknown } {
  return ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; constraint?: unknown };
}

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a NUL character in text, a date out of
 * range...): input the schemas let through but the database cannot store. They are bad input.
 */
export function isDataException(error: unknown): boolean {
  const { code } = pgErrorOf(error);
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
}

/** PostgreSQL's foreign_key_violation: what the row points at was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error).code === '23503';
}
