import { randomUUID } from 'node:crypto';
import { messages, type ClinicalRecord, type DraftSection, type Recording, type RecordingAudioStream, type TranscriptSegment } from '@consultorio/shared';
import type { TranscriptionConfig } from '../../config';
import type { Tx } from '../../db/client';
import { noteAccess } from '../../platform/access-log';
import { transcribe } from '../../platform/ai/transcription';
import { isWebm, splitWebm } from '../../platform/audio/webm-parts';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { keepStoredFile, removeStoredFiles } from '../../platform/stored-files';
import { forgetStoredFiles, openStoredObject, recordStoredFile } from '../files/files.service';
import { draftNoteTemplate, ownedRecord, saveRecordContent, usableNoteTemplate } from '../records/records.service';
import * as repo from './recordings.repository';
import type { RecordingRow } from './recordings.repository';
import { acceptedHtml, writeDraft } from './scribe-draft';

/** The job that transcribes a finished recording and drafts its note (one job for both steps). */
export const RECORDING_JOB = 'recordings.process';

const failures = messages.recordings.errors;
const DAY_MS = 86_400_000;

function toRecording(row: RecordingRow, chunkCount: number): Recording {
  return {
    id: row.id,
    recordId: row.recordId,
    patientId: row.patientId,
    status: row.status,
    consentedAt: row.consentedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    chunkCount,
    durationSeconds: row.durationSeconds,
    hasAudio: chunkCount > 0,
    audio: chunkCount > 0 ? (row.audioStreams ?? []) : [],
    audioDeleteAt: row.audioDeleteAt?.toISOString() ?? null,
    transcript: row.transcript ? { segments: row.transcript } : null,
    draft: row.draft ? { sections: row.draft } : null,
    noteTemplateId: row.noteTemplateId,
    noteTemplateName: row.noteTemplateName,
    failure: row.failure,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

async function recordingAnswer(ctx: Context, row: RecordingRow): Promise<Recording> {
  const counts = await repo.countChunks(ctx.db, [row.id]);
  return toRecording(row, counts.get(row.id) ?? 0);
}

function noteRecording(row: Pick<RecordingRow, 'id' | 'patientId'>, action: 'read' | 'create' | 'update' | 'delete'): void {
  noteAccess({ patientId: row.patientId, action, entityType: 'recording', entityId: row.id });
}

async function ownedRecording(ctx: Context, ownerId: string, id: string): Promise<RecordingRow> {
  const row = await repo.findOwnedRecording(ctx.db, ownerId, id);
  if (!row) throw new AppError('RECORDING_NOT_FOUND');
  return row;
}

function transcriptionConfig(ctx: Context): TranscriptionConfig {
  if (!ctx.config.transcription) throw new AppError('TRANSCRIPTION_NOT_CONFIGURED');
  return ctx.config.transcription;
}

export async function listRecordings(ctx: Context, ownerId: string, recordId: string) {
  const record = await ownedRecord(ctx, ownerId, recordId);
  const rows = await repo.listRecordRecordings(ctx.db, ownerId, record.id);
  const counts = await repo.countChunks(ctx.db, rows.map((row) => row.id));
  for (const row of rows) noteRecording(row, 'read');
  return { recordings: rows.map((row) => toRecording(row, counts.get(row.id) ?? 0)), transcriptionEnabled: ctx.config.transcription !== undefined };
}

/** Starts recording a session of the record's patient; the consent (checked by the schema) is kept with its time. */
export async function startRecording(ctx: Context, ownerId: string, recordId: string): Promise<Recording> {
  transcriptionConfig(ctx);
  const record = await ownedRecord(ctx, ownerId, recordId);
  if (record.finalizedAt) throw new AppError('RECORD_FINALIZED');
  const existing = await repo.listRecordRecordings(ctx.db, ownerId, record.id);
  if (existing.some((row) => row.status === 'recording')) throw new AppError('RECORDING_ALREADY_RECORDING');
  const row = await repo.insertRecording(ctx.db, { ownerId, patientId: record.patientId, recordId: record.id, consentedAt: ctx.clock.now() });
  noteRecording(row, 'create');
  return toRecording(row, 0);
}

export async function getRecording(ctx: Context, ownerId: string, id: string): Promise<Recording> {
  const row = await ownedRecording(ctx, ownerId, id);
  noteRecording(row, 'read');
  return recordingAnswer(ctx, row);
}

const audioExtensions: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

/** The media type without its parameters ('audio/webm;codecs=opus' is 'audio/webm'). */
function baseType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Stores chunk n of a recording still being recorded; sending the same n again (a retried
 * upload) replaces it. The chunk is a file of the patient's (their export and backups carry it).
 */
export async function saveChunk(ctx: Context, ownerId: string, id: string, n: number, body: unknown, contentType: string | undefined): Promise<Recording> {
  const type = baseType(contentType);
  if (!Buffer.isBuffer(body) || !type.startsWith('audio/')) throw new AppError('RECORDING_CHUNK_NOT_AUDIO');
  if (body.length === 0) throw new AppError('RECORDING_CHUNK_EMPTY');
  const recording = await ownedRecording(ctx, ownerId, id);
  if (recording.status !== 'recording') throw new AppError('RECORDING_NOT_RECORDING');
  const key = `rec-${randomUUID()}.${audioExtensions[type] ?? 'audio'}`;
  await ctx.storage.put(key, body, type);
  const replaced = await keepStoredFile(ctx, key, () =>
    ctx.db.transaction(async (tx) => {
      const locked = await repo.lockOwnedRecording(tx, ownerId, id);
      if (!locked) throw new AppError('RECORDING_NOT_FOUND');
      if (locked.status !== 'recording') throw new AppError('RECORDING_NOT_RECORDING');
      const now = ctx.clock.now();
      const previous = await repo.findChunk(tx, id, n);
      // The previous chunk's row goes with its file's row (cascade).
      const forgotten = previous ? await forgetStoredFiles(tx, ownerId, [previous.fileKey]) : [];
      const day = now.toISOString().slice(0, 10);
      await recordStoredFile(
        tx,
        { ownerId, patientId: locked.patientId },
        { key, contentType: type, byteSize: body.length, originalName: messages.recordings.chunkFileName(day, n) },
        now,
      );
      await repo.insertChunk(tx, { recordingId: id, n, fileKey: key, byteSize: body.length, startsStream: n === 0 || startsStream(body) }, now);
      return forgotten;
    }),
  );
  await removeStoredFiles(ctx, replaced ?? []);
  noteRecording(recording, 'update');
  return recordingAnswer(ctx, recording);
}

/** The first chunk number missing from 0 up to the last one (or up to `expected`), if any. */
function firstMissing(numbers: readonly number[], expected: number | undefined): number | null {
  for (let i = 0; i < numbers.length; i++) if (numbers[i] !== i) return i;
  return expected !== undefined && numbers.length < expected ? numbers.length : null;
}

/**
 * How long the recording's job may run before it counts as abandoned (a worker that died) and is
 * run again: the queue's expiry (JOB_EXPIRE_SECONDS, for reading the audio and saving) plus, for
 * each part sent to the transcription server, its timeout, and the chat model's timeout twice
 * (the draft's call and its one retry). The parts are bounded from the bytes: each stream is split
 * into parts under TRANSCRIPTION_MAX_UPLOAD_MB of whole clusters, each over half the limit but
 * its last (MediaRecorder's clusters are about a second). Without `audio` only the draft is left
 * to do. The queue caps it below a day (docs/decisions.md, 'The job's expiry fits its work').
 */
export function processingExpirySeconds(ctx: Pick<Context, 'config'>, audio: { bytes: number; streams: number } | null): number {
  const { config } = ctx;
  const draftSeconds = 2 * ((config.ai?.timeoutMs ?? 0) / 1000);
  const base = config.jobs.expireSeconds + draftSeconds;
  if (!audio || !config.transcription) return Math.ceil(base);
  const parts = Math.max(1, audio.streams) + Math.ceil((2 * audio.bytes) / config.transcription.maxUploadBytes);
  return Math.ceil(base + parts * (config.transcription.timeoutMs / 1000));
}

async function queueProcessing(ctx: Context, id: string, transcribes: boolean): Promise<void> {
  const expireSeconds = processingExpirySeconds(ctx, transcribes ? await repo.audioSize(ctx.db, id) : null);
  await ctx.jobs.send(RECORDING_JOB, { recordingId: id }, { singletonKey: id, expireSeconds });
  ctx.jobs.wake(RECORDING_JOB);
}

/** Ends the recording once every chunk is in (409 naming the first missing one) and queues its transcription. */
export async function finishRecording(ctx: Context, ownerId: string, id: string, expectedChunks: number | undefined): Promise<Recording> {
  const finished = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockOwnedRecording(tx, ownerId, id);
    if (!locked) throw new AppError('RECORDING_NOT_FOUND');
    if (locked.status !== 'recording') throw new AppError('RECORDING_NOT_RECORDING');
    const chunks = await repo.listChunks(tx, id);
    if (chunks.length === 0) throw new AppError('RECORDING_NO_CHUNKS');
    const missing = firstMissing(
      chunks.map((chunk) => chunk.n),
      expectedChunks,
    );
    if (missing !== null) throw new AppError('RECORDING_CHUNK_MISSING', failures.chunkMissing(missing));
    // Queued in the same transaction: a recording is never left 'transcribing' without its job.
    const expireSeconds = processingExpirySeconds(ctx, await repo.audioSize(tx, id));
    await ctx.jobs.send(RECORDING_JOB, { recordingId: id }, { singletonKey: id, within: tx, expireSeconds });
    return repo.updateRecording(tx, id, { status: 'transcribing', finishedAt: ctx.clock.now(), failure: null });
  });
  ctx.jobs.wake(RECORDING_JOB);
  noteRecording(finished!, 'update');
  return recordingAnswer(ctx, finished!);
}

/** 'Tentar novamente': transcribes again, or only drafts when the transcript was made. */
export async function retryRecording(ctx: Context, ownerId: string, id: string): Promise<Recording> {
  const recording = await ownedRecording(ctx, ownerId, id);
  if (recording.status !== 'failed') throw new AppError('RECORDING_NOT_FAILED');
  if (recording.transcript === null) transcriptionConfig(ctx);
  const status = recording.transcript === null ? 'transcribing' : 'drafting';
  if (!(await repo.moveRecording(ctx.db, id, 'failed', { status, failure: null }))) throw new AppError('RECORDING_NOT_FAILED');
  await queueProcessing(ctx, id, status === 'transcribing');
  noteRecording(recording, 'update');
  return recordingAnswer(ctx, { ...recording, status, failure: null });
}

/**
 * 'Refazer rascunho': a ready draft written again from its transcript, in the note template chosen
 * (the library's or the professional's own; 404 for another's), by the same job as the first.
 */
export async function redraftRecording(ctx: Context, ownerId: string, id: string, noteTemplateId: string): Promise<Recording> {
  const recording = await ownedRecording(ctx, ownerId, id);
  if (recording.status !== 'ready' || recording.acceptedAt) throw new AppError('RECORDING_NOT_READY');
  const template = await usableNoteTemplate(ctx, ownerId, noteTemplateId);
  const change = { status: 'drafting' as const, noteTemplateId: template.id, failure: null };
  if (!(await repo.moveUnacceptedDraft(ctx.db, id, change))) throw new AppError('RECORDING_NOT_READY');
  await queueProcessing(ctx, id, false);
  noteRecording(recording, 'update');
  return recordingAnswer(ctx, { ...recording, ...change });
}

/**
 * Writes the professional's edited text into the record as a new version; then the audio is
 * deleted (at once, or after RECORDING_AUDIO_RETENTION_DAYS) and the transcript and draft unless
 * the professional keeps them.
 */
export async function acceptDraft(
  ctx: Context,
  ownerId: string,
  id: string,
  request: { content: string; keepTranscript?: boolean | undefined },
): Promise<ClinicalRecord> {
  const recording = await ownedRecording(ctx, ownerId, id);
  if (recording.acceptedAt) throw new AppError('RECORDING_ALREADY_ACCEPTED');
  if (recording.status !== 'ready') throw new AppError('RECORDING_NOT_READY');
  const record = await ownedRecord(ctx, ownerId, recording.recordId);
  const titles = (recording.draft ?? []).map((section) => section.title);
  const now = ctx.clock.now();
  // Claimed first: a second acceptance, or a redraft asked for meanwhile, finds it taken.
  if (!(await repo.claimAcceptance(ctx.db, id, now))) throw new AppError('RECORDING_NOT_READY');
  const saved = await saveRecordContent(ctx, ownerId, record.id, { content: acceptedHtml(request.content, titles), version: record.version }).catch(
    async (error: unknown) => {
      await repo.releaseAcceptance(ctx.db, id);
      throw error;
    },
  );
  const retentionDays = ctx.config.recordingAudioRetentionDays;
  const keep = request.keepTranscript === true;
  const removed = await ctx.db.transaction(async (tx) => {
    await repo.updateRecording(tx, id, {
      acceptedAt: now,
      keepTranscript: keep,
      audioDeleteAt: new Date(now.getTime() + retentionDays * DAY_MS),
      ...(keep ? {} : { transcript: null, draft: null }),
    });
    return retentionDays === 0 ? forgetAudio(tx, ownerId, id) : [];
  });
  await removeStoredFiles(ctx, removed);
  noteRecording(recording, 'update');
  return saved;
}

/** Forgets the recording's chunks (their rows go by cascade with the files'); answers the keys to remove from storage. */
async function forgetAudio(tx: Tx, ownerId: string, id: string): Promise<string[]> {
  const chunks = await repo.listChunks(tx, id);
  return forgetStoredFiles(
    tx,
    ownerId,
    chunks.map((chunk) => chunk.fileKey),
  );
}

/** Deletes the recording: its audio and its transcript, at once. */
export async function deleteRecording(ctx: Context, ownerId: string, id: string): Promise<void> {
  const recording = await ownedRecording(ctx, ownerId, id);
  const removed = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockOwnedRecording(tx, ownerId, id);
    if (!locked) throw new AppError('RECORDING_NOT_FOUND');
    const keys = await forgetAudio(tx, ownerId, id);
    await repo.deleteRecording(tx, id);
    return keys;
  });
  await removeStoredFiles(ctx, removed);
  noteRecording(recording, 'delete');
}

/**
 * A record being deleted takes its recordings with it: their rows (and transcripts), and their
 * audio, whose keys go to the records module to remove from storage after the commit. Each
 * recording is locked first, so a chunk arriving meanwhile finds it gone and removes its object.
 */
export async function deleteRecordRecordings(_ctx: Context, tx: Tx, deleting: { ownerId: string; recordId: string; forgottenKeys: string[] }): Promise<void> {
  for (const id of await repo.lockRecordRecordings(tx, deleting.ownerId, deleting.recordId)) {
    deleting.forgottenKeys.push(...(await forgetAudio(tx, deleting.ownerId, id)));
    await repo.deleteRecording(tx, id);
  }
}

/** The audio of accepted recordings past the retention days (the app's hourly purge). */
export async function purgeExpiredAudio(ctx: Context): Promise<void> {
  for (const due of await repo.recordingsWithExpiredAudio(ctx.db, ctx.clock.now())) {
    const removed = await ctx.db.transaction((tx) => forgetAudio(tx, due.ownerId, due.id));
    await removeStoredFiles(ctx, removed);
  }
}

/** The patient's recordings for the export of their file (their audio is among the patient's files), oldest first. */
export async function exportRecordings(ctx: Context, ownerId: string, patientId: string) {
  const rows = await repo.listPatientRecordings(ctx.db, ownerId, patientId);
  return Promise.all(
    rows.map(async (row) => ({ recording: await recordingAnswer(ctx, row), audioFileKeys: (await repo.listChunks(ctx.db, row.id)).map((chunk) => chunk.fileKey) })),
  );
}

// ---- the job: transcription, then the draft ----

async function storedBytes(ctx: Context, key: string): Promise<Buffer> {
  const stored = await openStoredObject(ctx, key);
  if (!stored) throw new Error(`the chunk ${key} is missing from storage`);
  const parts: Buffer[] = [];
  for await (const part of stored.body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Whether the chunk begins a new stream: the page was reloaded and its new MediaRecorder started a file of its own. */
function startsStream(bytes: Buffer): boolean {
  const isOggStart = bytes.length > 5 && bytes.toString('latin1', 0, 4) === 'OggS' && (bytes[5]! & 0x02) !== 0;
  const isMp4 = bytes.length > 8 && bytes.toString('latin1', 4, 8) === 'ftyp';
  return isWebm(bytes) || isOggStart || isMp4;
}

interface RecordedStream {
  bytes: Buffer;
  contentType: string;
  fileKeys: string[];
}

/** The recording's audio as files that each play alone: one per stream the browser started. */
async function recordedStreams(ctx: Context, recordingId: string): Promise<RecordedStream[]> {
  const chunks = await repo.listChunks(ctx.db, recordingId);
  const streams: Array<{ parts: Buffer[]; fileKeys: string[] }> = [];
  for (const chunk of chunks) {
    const bytes = await storedBytes(ctx, chunk.fileKey);
    if (streams.length === 0 || startsStream(bytes)) streams.push({ parts: [], fileKeys: [] });
    streams.at(-1)!.parts.push(bytes);
    streams.at(-1)!.fileKeys.push(chunk.fileKey);
  }
  return streams.map(({ parts, fileKeys }) => {
    const bytes = Buffer.concat(parts);
    return { bytes, contentType: isWebm(bytes) ? 'audio/webm' : 'application/octet-stream', fileKeys };
  });
}

interface RecordingTranscript {
  segments: TranscriptSegment[];
  duration: number;
  streams: RecordingAudioStream[];
}

/** Transcribes each stream, split under the server's size limit, on one clock: segments numbered from 1. */
async function transcribeRecording(ctx: Context, config: TranscriptionConfig, recordingId: string): Promise<RecordingTranscript> {
  const segments: TranscriptSegment[] = [];
  const streams: RecordingAudioStream[] = [];
  let offset = 0;
  for (const stream of await recordedStreams(ctx, recordingId)) {
    streams.push({ startSeconds: round(offset), fileKeys: stream.fileKeys });
    const parts = isWebm(stream.bytes) ? splitWebm(stream.bytes, config.maxUploadBytes) : [{ bytes: stream.bytes, startSeconds: 0 }];
    let streamLength = 0;
    for (const part of parts) {
      const result = await transcribe(config, part.bytes, stream.contentType, isWebm(part.bytes) ? 'sessao.webm' : 'sessao.audio');
      const at = offset + part.startSeconds;
      for (const piece of result.segments) {
        segments.push({ id: segments.length + 1, start: round(at + piece.start), end: round(at + piece.end), text: piece.text });
      }
      streamLength = Math.max(streamLength, part.startSeconds + result.duration);
    }
    offset += streamLength;
  }
  return { segments, duration: round(offset), streams };
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

async function draftOf(ctx: Context, recording: RecordingRow): Promise<{ sections: DraftSection[]; templateId: string; templateName: string }> {
  const template = await draftNoteTemplate(ctx, recording.ownerId, recording.noteTemplateId);
  const sections = await writeDraft(ctx.ai, template.headings, recording.transcript ?? []);
  return { sections, templateId: template.id, templateName: template.name };
}

async function runSteps(ctx: Context, recordingId: string): Promise<void> {
  let recording = await repo.findRecording(ctx.db, recordingId);
  if (recording?.status === 'transcribing') {
    const config = ctx.config.transcription;
    if (!config) throw new StepError(failures.notConfigured);
    const transcript = await transcribeRecording(ctx, config, recordingId).catch((error: unknown) => {
      throw new StepError(failures.transcriptionFailed, error);
    });
    await repo.moveRecording(ctx.db, recordingId, 'transcribing', {
      status: 'drafting',
      transcript: transcript.segments,
      durationSeconds: transcript.duration,
      audioStreams: transcript.streams,
    });
    recording = await repo.findRecording(ctx.db, recordingId);
  }
  if (recording?.status === 'drafting') {
    const draft = await draftOf(ctx, recording).catch((error: unknown) => {
      throw new StepError(failures.draftFailed, error);
    });
    await repo.moveRecording(ctx.db, recordingId, 'drafting', { status: 'ready', draft: draft.sections, noteTemplateId: draft.templateId, noteTemplateName: draft.templateName });
  }
}

/** A step that failed, with what the page says about it. */
class StepError extends Error {
  constructor(
    readonly userMessage: string,
    cause?: unknown,
  ) {
    super(userMessage, { cause });
  }
}

/**
 * The transcription and the draft run as a job. A failure leaves the audio (and the transcript,
 * when the draft failed) and the state 'failed', for 'Tentar novamente'; the job itself
 * succeeds, as retrying is the professional's choice.
 */
export function defineRecordingJobs(ctx: Context): void {
  ctx.jobs.define<{ recordingId: string }>(RECORDING_JOB, {
    handle: async ({ data }) => {
      try {
        await runSteps(ctx, data.recordingId);
      } catch (error) {
        ctx.log.warn({ err: error, recordingId: data.recordingId }, 'recording processing failed');
        const failure = error instanceof StepError ? error.userMessage : failures.transcriptionFailed;
        const current = await repo.findRecording(ctx.db, data.recordingId);
        if (current && (current.status === 'transcribing' || current.status === 'drafting')) {
          await repo.moveRecording(ctx.db, data.recordingId, current.status, { status: 'failed', failure });
        }
      }
    },
  });
}
