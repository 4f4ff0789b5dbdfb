import { messages } from '@consultorio/shared';
import type { ChatModel, ModelRequest } from './chat-model';

const offlineAnswer = messages.chats.offlineAnswer;

/** Answers every message with the same notice, word by word when streamed, so the page behaves as with a model. */
export function createOfflineModel(): ChatModel {
  return {
    isOffline: true,
    contextTokens: Number.POSITIVE_INFINITY,
    answer: async (_request: ModelRequest, onDelta?: (text: string) => void) => {
      if (onDelta) for (const piece of offlineAnswer.match(/\S+\s*/g) ?? []) onDelta(piece);
      return offlineAnswer;
    },
  };
}
