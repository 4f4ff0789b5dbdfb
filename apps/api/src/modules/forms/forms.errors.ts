import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the forms module answers with, by code (its manifest's `errors`). */
export const formsErrors = defineErrors({
  FORM_NOT_FOUND: { status: 404, message: e.formNotFound },
  FORM_LOCKED: { status: 423, message: e.formLocked },
  FORM_SUBMITTED: { status: 409, message: e.formSubmitted },
  FORM_LINK_EXPIRED: { status: 410, message: messages.measurement.errors.linkExpired },
});

type FormsErrors = typeof formsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends FormsErrors {}
}
