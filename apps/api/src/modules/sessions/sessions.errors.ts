import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the sessions module answers with, by code (its manifest's `errors`). */
export const sessionsErrors = defineErrors({
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: e.passwordChangeRequired },
});

type SessionsErrors = typeof sessionsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends SessionsErrors {}
}
