import type { TranscriptionConfig } from '../../config';

/** A piece of the transcript as the server timed it, in seconds from the start of the file sent. */
export interface TimedText {
  start: number;
  end: number;
  text: string;
}

export interface Transcription {
  segments: TimedText[];
  /** Seconds of audio in the file. */
  duration: number;
}

/** The transcription server was down, timed out, answered an error or something unreadable. */
export class TranscriptionError extends Error {}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function readSegments(body: unknown): Transcription {
  const answer = body as { segments?: unknown; duration?: unknown; text?: unknown } | null;
  if (!answer || typeof answer !== 'object') throw new TranscriptionError('the transcription answer is not an object');
  const raw = Array.isArray(answer.segments) ? (answer.segments as Array<Record<string, unknown>>) : [];
  const segments = raw.flatMap((segment) => {
    const start = finite(segment.start);
    const end = finite(segment.end);
    const text = typeof segment.text === 'string' ? segment.text.trim() : '';
    return start === null || end === null || text === '' ? [] : [{ start, end: Math.max(start, end), text }];
  });
  if (segments.length === 0 && typeof answer.text === 'string' && answer.text.trim()) {
    throw new TranscriptionError('the transcription answer has text but no segments (response_format=verbose_json unsupported?)');
  }
  const duration = finite(answer.duration) ?? segments.at(-1)?.end ?? 0;
  return { segments, duration };
}

/**
 * Sends one audio file to an OpenAI-compatible `/v1/audio/transcriptions` (faster-whisper-server,
 * whisper.cpp's server, OpenAI) as multipart, in Portuguese, asking for `verbose_json` to get
 * timestamped segments.
 */
export async function transcribe(config: TranscriptionConfig, audio: Buffer, contentType: string, filename: string): Promise<Transcription> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(audio)], { type: contentType }), filename);
  form.append('model', config.model);
  form.append('language', 'pt');
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'segment');
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new TranscriptionError(`the transcription server could not be reached: ${String(error)}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new TranscriptionError(`the transcription server answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return readSegments(JSON.parse(text));
  } catch (error) {
    if (error instanceof TranscriptionError) throw error;
    throw new TranscriptionError('the transcription answer is not JSON');
  }
}
