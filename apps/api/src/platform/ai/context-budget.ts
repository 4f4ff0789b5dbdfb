import type { ModelMessage, ModelRequest } from './chat-model';

/**
 * A rough token count: about 4 characters per token for Portuguese and English text with the
 * usual tokenizers, plus the few tokens each message costs. Good enough to stay under the window.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

/** Tokens kept free for the answer. */
export function outputReserve(contextTokens: number): number {
  return Math.min(4096, Math.floor(contextTokens / 4));
}

const cutNotice = '\n\n[…texto cortado: longo demais para o contexto do modelo]';

/**
 * Trims a history to the model's context window: the instructions always stay, the newest
 * messages are kept and the oldest dropped first. A latest message too long on its own is cut
 * at the end, with a note saying so.
 */
export function fitToContext(request: ModelRequest, contextTokens: number): ModelRequest {
  let budget = contextTokens - outputReserve(contextTokens) - estimateTokens(request.instructions);
  const kept: ModelMessage[] = [];
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index]!;
    const cost = estimateTokens(message.content);
    if (cost <= budget) {
      kept.unshift(message);
      budget -= cost;
      continue;
    }
    if (kept.length === 0) kept.unshift(cutToBudget(message, budget));
    break;
  }
  return { instructions: request.instructions, messages: kept };
}

function cutToBudget(message: ModelMessage, budget: number): ModelMessage {
  const chars = Math.max(0, (budget - 8) * 4 - cutNotice.length);
  return { role: message.role, content: message.content.slice(0, chars) + cutNotice };
}
