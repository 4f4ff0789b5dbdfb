import { messageEnvelope } from '../schemas/common';
import {
  recordingAcceptRequest,
  recordingChunkMaxBytes,
  recordingChunkParams,
  recordingCreateRequest,
  recordingFinishRequest,
  recordingListResponse,
  recordingRedraftRequest,
  recordingResponse,
} from '../schemas/recordings';
import { recordResponse } from '../schemas/records';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'recordings';

/**
 * The AI scribe: a session recorded with the patient's consent, in chunks of raw audio, then
 * transcribed (TRANSCRIPTION_BASE_URL) and drafted by the chat model (AI_MODEL) in the
 * background; the professional accepts the edited draft into the record. 404 for a record or
 * recording that is not the professional's; 409 when the recording is not in the state the call
 * needs (or transcription is not configured).
 */
export const recordingsApi = {
  /** The record's recordings, newest first, and whether transcription is configured ('Gravar sessão' explains how otherwise). */
  list: defineRoute({
    method: 'GET',
    path: '/v1/records/:id/recordings',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['RECORD_NOT_FOUND'] },
    status: 200,
    response: recordingListResponse,
  }),
  /** Starts a recording once the patient's consent is ticked (400 without it); the time of consent is kept. */
  create: defineRoute({
    method: 'POST',
    path: '/v1/records/:id/recordings',
    access: 'session',
    tag,
    params: idParams,
    body: recordingCreateRequest,
    status: 201,
    response: recordingResponse,
    errors: { 404: ['RECORD_NOT_FOUND'], 409: ['RECORDING_ALREADY_RECORDING', 'TRANSCRIPTION_NOT_CONFIGURED'], 423: ['RECORD_FINALIZED'] },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/v1/recordings/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['RECORDING_NOT_FOUND'] },
    status: 200,
    response: recordingResponse,
  }),
  /** One chunk of audio (the raw body, `audio/*`, at most 5 MB); sending a number again replaces it. */
  putChunk: defineRoute({
    method: 'PUT',
    path: '/v1/recordings/:id/chunks/:n',
    access: 'session',
    tag,
    params: recordingChunkParams,
    rawBody: 'audio/*',
    maxBodyBytes: recordingChunkMaxBytes,
    status: 200,
    response: recordingResponse,
    errors: { 400: ['RECORDING_CHUNK_EMPTY'], 404: ['RECORDING_NOT_FOUND'], 409: ['RECORDING_NOT_RECORDING'], 413: ['RECORDING_CHUNK_TOO_LARGE'], 415: ['RECORDING_CHUNK_NOT_AUDIO'] },
  }),
  /** Ends the recording (409 when a chunk is missing) and queues its transcription. */
  finish: defineRoute({
    method: 'POST',
    path: '/v1/recordings/:id/finish',
    access: 'session',
    tag,
    params: idParams,
    body: recordingFinishRequest,
    status: 202,
    response: recordingResponse,
    errors: { 404: ['RECORDING_NOT_FOUND'], 409: ['RECORDING_NOT_RECORDING', 'RECORDING_CHUNK_MISSING', 'RECORDING_NO_CHUNKS'] },
  }),
  /** 'Tentar novamente' after a failure: transcribes again (or only drafts, when the transcript is there). */
  retry: defineRoute({
    method: 'POST',
    path: '/v1/recordings/:id/retry',
    access: 'session',
    tag,
    params: idParams,
    status: 202,
    response: recordingResponse,
    errors: { 404: ['RECORDING_NOT_FOUND'], 409: ['RECORDING_NOT_FAILED', 'TRANSCRIPTION_NOT_CONFIGURED'] },
  }),
  /** 'Refazer rascunho': the ready draft written again from the transcript in the note template chosen. */
  redraft: defineRoute({
    method: 'POST',
    path: '/v1/recordings/:id/redraft',
    access: 'session',
    tag,
    params: idParams,
    body: recordingRedraftRequest,
    status: 202,
    response: recordingResponse,
    errors: { 404: ['RECORDING_NOT_FOUND', 'NOTE_TEMPLATE_NOT_FOUND'], 409: ['RECORDING_NOT_READY'] },
  }),
  /** Writes the edited text into the record as a new version; then the audio is deleted (after the retention days). */
  accept: defineRoute({
    method: 'POST',
    path: '/v1/recordings/:id/accept',
    access: 'session',
    tag,
    params: idParams,
    body: recordingAcceptRequest,
    status: 200,
    response: recordResponse,
    errors: { 404: ['RECORDING_NOT_FOUND'], 409: ['RECORDING_NOT_READY', 'RECORDING_ALREADY_ACCEPTED'], 423: ['RECORD_FINALIZED'] },
  }),
  /** Deletes the recording: its audio and transcript at once. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/recordings/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['RECORDING_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
};
