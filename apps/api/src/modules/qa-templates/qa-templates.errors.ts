import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the qa-templates module answers with, by code (its manifest's `errors`). */
export const qaTemplatesErrors = defineErrors({
  TEMPLATE_NOT_FOUND: { status: 404, message: e.templateNotFound },
  LIBRARY_TEMPLATE_READ_ONLY: { status: 403, message: e.libraryTemplateReadOnly },
  TEMPLATE_IN_USE: { status: 409, message: e.templateInUse },
});

type QaTemplatesErrors = typeof qaTemplatesErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends QaTemplatesErrors {}
}
