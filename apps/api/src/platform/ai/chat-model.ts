/** One turn of the conversation as the model reads it. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  /** The assistant's instructions, sent as the system message. */
  instructions: string;
  /** Oldest first; the last one is what the model answers. */
  messages: ModelMessage[];
}

/**
 * What the assistants need from a language model. `answer` resolves with the whole text; with
 * `onDelta` the answer is streamed and each new piece is handed over as it arrives.
 */
export interface ChatModel {
  /** The offline assistant: no model configured, nothing clinical is ever generated. */
  readonly isOffline: boolean;
  /** The context window in tokens that histories are trimmed to. */
  readonly contextTokens: number;
  answer(request: ModelRequest, onDelta?: (text: string) => void): Promise<string>;
}
