// Types of fake-transcription.mjs, for the TypeScript tests that import it.

export interface FakeSegment {
  start: number;
  end: number;
  text: string;
}

export interface FakeAudioFile {
  name: string;
  type: string;
  bytes: Buffer;
}

export interface FakeTranscriptionBehavior {
  /** The segments and duration (seconds) for the index-th file received; default: two segments over 10 s. */
  reply?: (file: FakeAudioFile, index: number) => { segments: FakeSegment[]; duration: number };
  /** Answer failStatus to the next N requests, then behave normally. */
  failTimes?: number;
  /** Default 500. */
  failStatus?: number;
}

export interface FakeTranscriptionRequest {
  /** The multipart's text fields (model, language, response_format…). */
  fields: Record<string, string>;
  file: FakeAudioFile;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeTranscription {
  /** Base URL to use as TRANSCRIPTION_BASE_URL (without /v1). */
  url: string;
  requests: FakeTranscriptionRequest[];
  behave(behavior: FakeTranscriptionBehavior): void;
  reset(): void;
  close(): Promise<void>;
}

export function startFakeTranscription(options?: { port?: number }): Promise<FakeTranscription>;
export function isScribeDraftRequest(body: unknown): boolean;
export function scribeDraftReply(body: unknown): string;
