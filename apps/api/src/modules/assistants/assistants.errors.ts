import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the assistants module answers with, by code (its manifest's `errors`). */
export const assistantsErrors = defineErrors({
  LIBRARY_ASSISTANT_READ_ONLY: { status: 403, message: e.libraryAssistantReadOnly },
  ASSISTANT_IN_USE: { status: 409, message: e.assistantInUse },
  ASSISTANT_NOT_FOUND: { status: 404, message: e.assistantNotFound },
});

type AssistantsErrors = typeof assistantsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends AssistantsErrors {}
}
