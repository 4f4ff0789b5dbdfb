import type { ChatModel, ModelRequest } from './chat-model';

export const offlineAnswer = [
  '**Assistente offline.** Nenhum modelo de IA está configurado neste servidor, por isso não posso analisar nem responder ao conteúdo da sua mensagem, e nenhum conteúdo clínico foi gerado.',
  '',
  'Sua mensagem foi guardada nesta sessão.',
  '',
  'Para ativar o assistente, o administrador deve definir `AI_MODEL` (o modelo), `AI_BASE_URL` (o endereço de um servidor compatível com a API da OpenAI, como a própria OpenAI, o Ollama ou o servidor do llama.cpp) e, se o servidor exigir, `AI_API_KEY`, e então reiniciar o Consultório.',
].join('\n');

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
