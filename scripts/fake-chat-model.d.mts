// Types of fake-chat-model.mjs, for the TypeScript tests that import it.

export interface FakeChatModelBehavior {
  /**
   * The answer text; a function receives the parsed request body. Default: 'Resposta do modelo: '
   * + the first 80 characters of the last user message's content.
   */
  reply?: string | ((body: any) => string);
  /** Wait this long before answering (ms). */
  delayMs?: number;
  /** When streaming, wait this long between chunks (ms). Default 0. */
  chunkDelayMs?: number;
  /** Answer failStatus (with an OpenAI-style JSON error body) to the next N requests, then behave normally. */
  failTimes?: number;
  /** Default 500. */
  failStatus?: number;
  /**
   * With failTimes: send a `retry-after-ms` header (as OpenAI does) on each failure, so the AI SDK
   * retries after this long instead of its own backoff (2 s). Not sent by default.
   */
  retryAfterMs?: number;
  /** Never answer (keep the socket open until the client gives up or the server closes). */
  hang?: boolean;
  /** Streaming: send the first K chunks and then destroy the connection. */
  dropAfterChunks?: number;
}

export interface FakeChatModelRequest {
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeChatModel {
  /** Base URL to use as AI_BASE_URL, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  /** Every request received to POST /v1/chat/completions, in order: parsed JSON body and headers. */
  requests: FakeChatModelRequest[];
  /** Replaces the current behaviour (and restarts its failTimes count). */
  behave(behavior: FakeChatModelBehavior): void;
  /** Clears the requests and the behaviour. */
  reset(): void;
  /** Stops the server, destroying open (hanging) sockets. */
  close(): Promise<void>;
}

export function startFakeChatModel(options?: { port?: number; behavior?: FakeChatModelBehavior }): Promise<FakeChatModel>;

/** 'Resposta do modelo: ' + the first 80 characters of the last user message. */
export function defaultReply(body: unknown): string;
