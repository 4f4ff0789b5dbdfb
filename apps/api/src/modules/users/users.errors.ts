import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the users module answers with, by code (its manifest's `errors`). */
export const usersErrors = defineErrors({
  CONFIRMATION_INVALID: { status: 400, message: e.confirmationInvalid },
  PASSWORD_UPDATE_FAILED: { status: 400, message: e.passwordUpdateFailed },
  EMAIL_UNCHANGED: { status: 400, message: e.emailUnchanged },
  EMAIL_TAKEN: { status: 409, message: e.emailTaken },
  TOO_MANY_PASSWORD_CHECKS: { status: 429, message: e.tooManyPasswordChecks(15) },
  BOOKING_SLUG_TAKEN: { status: 409, message: messages.booking.errors.slugTaken },
});

type UsersErrors = typeof usersErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends UsersErrors {}
}
