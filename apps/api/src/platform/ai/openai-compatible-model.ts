import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { AiConfig } from '../../config';
import { AppError } from '../errors';
import { onFirstUse } from '../lazy';
import type { ChatModel, ModelRequest } from './chat-model';
import { fitToContext } from './context-budget';

/**
 * A model behind any server speaking OpenAI's chat-completions protocol (OpenAI, Azure,
 * Ollama, vLLM, llama.cpp's server). One retry on a transient failure (a 429, a 5xx, a
 * dropped connection); the timeout covers the whole answer and each pause of a streamed one.
 */
/** The AI SDK, loaded with the first question rather than at start. */
const sdk = onFirstUse(() => import('ai'));

export function createOpenAiCompatibleModel(config: AiConfig, log: FastifyBaseLogger): ChatModel {
  const chatModel = onFirstUse(async () => {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    return createOpenAICompatible({ name: 'ai', baseURL: config.baseUrl, apiKey: config.apiKey }).chatModel(config.model);
  });
  return {
    isOffline: false,
    contextTokens: config.contextTokens,
    answer: async (request, onDelta) => {
      const fitted = fitToContext(request, config.contextTokens);
      try {
        const model = await chatModel();
        return onDelta ? await streamAnswer(model, fitted, config, onDelta) : await generateAnswer(model, fitted, config);
      } catch (error) {
        throw unavailable(error, log);
      }
    },
  };
}

const callSettings = { maxRetries: 1, temperature: 0.3 };

async function generateAnswer(model: LanguageModel, request: ModelRequest, config: AiConfig): Promise<string> {
  const { generateText } = await sdk();
  const result = await generateText({
    model,
    system: request.instructions,
    messages: request.messages,
    timeout: { totalMs: config.timeoutMs },
    ...callSettings,
  });
  return requireText(result.text);
}

async function streamAnswer(
  model: LanguageModel,
  request: ModelRequest,
  config: AiConfig,
  onDelta: (text: string) => void,
): Promise<string> {
  const { streamText } = await sdk();
  const result = streamText({
    model,
    system: request.instructions,
    messages: request.messages,
    timeout: { totalMs: config.timeoutMs * 4, chunkMs: config.timeoutMs },
    ...callSettings,
    // Failures arrive as error parts of the stream below; without this the SDK also prints them.
    onError: () => undefined,
  });
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'error') throw part.error;
    if (part.type === 'abort') throw new DOMException('aborted', 'TimeoutError');
    if (part.type === 'text-delta' && part.text) {
      text += part.text;
      onDelta(part.text);
    }
  }
  return requireText(text);
}

class EmptyAnswerError extends Error {}

function requireText(text: string): string {
  if (!text.trim()) throw new EmptyAnswerError('the model answered with no text');
  return text;
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return 'cause' in error ? isTimeout(error.cause) : false;
}

function unavailable(error: unknown, log: FastifyBaseLogger): AppError {
  const timedOut = isTimeout(error) || (error instanceof Error && 'lastError' in error && isTimeout(error.lastError));
  log.warn({ err: error }, timedOut ? 'the AI model timed out' : 'the AI model failed');
  return new AppError(timedOut ? 'AI_TIMEOUT' : 'AI_UNAVAILABLE');
}
