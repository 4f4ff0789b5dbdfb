import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../../config';
import type { ChatModel } from './chat-model';
import { createOfflineModel } from './offline-model';
import { createOpenAiCompatibleModel } from './openai-compatible-model';

export type { ChatModel, ModelMessage, ModelRequest } from './chat-model';

/** The configured model, or the offline assistant when AI_MODEL is not set. */
export function createChatModel(config: AiConfig | undefined, log: FastifyBaseLogger): ChatModel {
  return config ? createOpenAiCompatibleModel(config, log) : createOfflineModel();
}
