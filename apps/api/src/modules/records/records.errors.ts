import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the records module answers with, by code (its manifest's `errors`). */
export const recordsErrors = defineErrors({
  RECORD_NOT_FOUND: { status: 404, message: e.recordNotFound },
  VERSION_NOT_FOUND: { status: 404, message: e.versionNotFound },
  RECORD_VERSION_CONFLICT: { status: 409, message: e.recordVersionConflict },
  RECORD_ALREADY_FINALIZED: { status: 409, message: e.recordAlreadyFinalized },
  RECORD_NOT_FINALIZED: { status: 409, message: e.recordNotFinalized },
  RECORD_FINALIZED: { status: 423, message: e.recordFinalized },
  ATTACHMENT_NOT_FOUND: { status: 404, message: e.attachmentNotFound },
  RECORD_APPOINTMENT_TAKEN: { status: 409, message: e.recordAppointmentTaken },
  RECORD_APPOINTMENT_CLOSED: { status: 409, message: e.recordAppointmentClosed },
  NOTE_TEMPLATE_NOT_FOUND: { status: 404, message: e.noteTemplateNotFound },
  NOTE_TEMPLATE_READ_ONLY: { status: 403, message: e.noteTemplateReadOnly },
});

type RecordsErrors = typeof recordsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends RecordsErrors {}
}
