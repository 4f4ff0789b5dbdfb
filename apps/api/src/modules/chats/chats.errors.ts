import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;

/** The failures the chats module answers with, by code (its manifest's `errors`). */
export const chatsErrors = defineErrors({
  CHAT_NOT_FOUND: { status: 404, message: e.chatNotFound },
  NOTHING_TO_ANSWER: { status: 409, message: e.nothingToAnswer },
  CHAT_EMPTY: { status: 400, message: e.chatEmpty },
});

type ChatsErrors = typeof chatsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends ChatsErrors {}
}
