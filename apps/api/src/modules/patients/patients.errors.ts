import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the patients module answers with, by code (its manifest's `errors`). */
export const patientsErrors = defineErrors({
  PATIENT_NOT_FOUND: { status: 404, message: e.patientNotFound },
  PATIENT_NAME_CONFIRMATION: { status: 409, message: e.patientNameConfirmation },
  PATIENT_LIMIT: { status: 403, message: e.patientLimit(0) },
});

type PatientsErrors = typeof patientsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends PatientsErrors {}
}
