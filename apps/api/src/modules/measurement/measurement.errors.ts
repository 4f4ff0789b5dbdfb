import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

/** The failures the measurement module answers with, by code (its manifest's `errors`). */
export const measurementErrors = defineErrors({
  FORM_NOT_SENDABLE: { status: 409, message: messages.measurement.errors.formNotSendable },
  PATIENT_EMAIL_MISSING: { status: 400, message: messages.measurement.errors.patientEmailMissing },
  TEMPLATE_NOT_SCORED: { status: 400, message: messages.measurement.errors.templateNotScored },
  ALERT_NOT_FOUND: { status: 404, message: messages.measurement.errors.alertNotFound },
  MEASUREMENT_PLAN_NOT_FOUND: { status: 404, message: messages.measurement.errors.planNotFound },
  PLAN_EXISTS: { status: 409, message: messages.measurement.errors.planExists },
});

type MeasurementErrors = typeof measurementErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends MeasurementErrors {}
}
