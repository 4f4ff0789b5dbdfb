import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

/** The failures the whatsapp module answers with, by code (its manifest's `errors`). */
export const whatsappErrors = defineErrors({
  WHATSAPP_NOT_CONFIGURED: { status: 404, message: messages.whatsapp.errors.notConfigured },
  WHATSAPP_SIGNATURE_INVALID: { status: 401, message: messages.whatsapp.errors.signatureInvalid },
  WHATSAPP_VERIFY_TOKEN_INVALID: { status: 403, message: messages.whatsapp.errors.verifyTokenInvalid },
});

type WhatsappErrors = typeof whatsappErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends WhatsappErrors {}
}
