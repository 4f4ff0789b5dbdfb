import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

const e = messages.errors;
const rec = messages.recordings.errors;

/** The failures the recordings module answers with, by code (its manifest's `errors`). */
export const recordingsErrors = defineErrors({
  RECORDING_NOT_FOUND: { status: 404, message: rec.notFound },
  TRANSCRIPTION_NOT_CONFIGURED: { status: 409, message: rec.notConfigured },
  RECORDING_ALREADY_RECORDING: { status: 409, message: rec.alreadyRecording },
  RECORDING_NOT_RECORDING: { status: 409, message: rec.notRecording },
  // Thrown with the chunk's number.
  RECORDING_CHUNK_MISSING: { status: 409, message: rec.chunkMissing(0) },
  RECORDING_NO_CHUNKS: { status: 409, message: rec.noChunks },
  RECORDING_CHUNK_EMPTY: { status: 400, message: rec.chunkEmpty },
  RECORDING_CHUNK_TOO_LARGE: { status: 413, message: rec.chunkTooLarge },
  RECORDING_CHUNK_NOT_AUDIO: { status: 415, message: e.unsupportedMediaType },
  RECORDING_NOT_READY: { status: 409, message: rec.notReady },
  RECORDING_NOT_FAILED: { status: 409, message: rec.notFailed },
  RECORDING_ALREADY_ACCEPTED: { status: 409, message: rec.alreadyAccepted },
});

type RecordingsErrors = typeof recordingsErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends RecordingsErrors {}
}
