import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the auth module answers with, by code (its manifest's `errors`). */
export const authErrors = defineErrors({
  INVALID_CREDENTIALS: { status: 401, message: e.invalidCredentials },
  REGISTRATION_NOT_FOUND: { status: 404, message: e.registrationNotFound },
  USERNAME_TAKEN: { status: 409, message: e.usernameTaken },
  // Thrown with the minutes left in the window; the catalogue shows a full one.
  TOO_MANY_LOGINS: { status: 429, message: e.tooManyLogins(15) },
  TOO_MANY_REGISTRATIONS: { status: 429, message: e.tooManyRegistrations(60) },
  EMAIL_NOT_CONFIRMED: { status: 403, message: e.emailNotConfirmed },
  RESEND_TOO_SOON: { status: 429, message: e.resendTooSoon },
});

type AuthErrors = typeof authErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends AuthErrors {}
}
