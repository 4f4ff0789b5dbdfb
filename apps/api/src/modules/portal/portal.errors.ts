import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

/** The failures the portal module answers with, by code (its manifest's `errors`). */
export const portalErrors = defineErrors({
  PORTAL_LINK_INVALID: { status: 404, message: messages.portal.errors.linkInvalid },
  // Thrown with the notice's hours.
  PORTAL_TOO_LATE: { status: 409, message: messages.portal.errors.tooLateToCancel(24) },
  PORTAL_NO_EMAIL: { status: 409, message: messages.portal.noEmail },
  PORTAL_CONSENT_REQUIRED: { status: 403, message: messages.portal.errors.consentRequired },
});

type PortalErrors = typeof portalErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends PortalErrors {}
}
