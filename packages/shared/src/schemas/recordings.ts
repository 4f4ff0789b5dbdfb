import { z } from 'zod';
import { messages } from '../messages';
import { envelope, idSchema } from './common';

const r = messages.recordings.errors;

export const recordingStatuses = ['recording', 'transcribing', 'drafting', 'ready', 'failed'] as const;
export type RecordingStatus = (typeof recordingStatuses)[number];

/** The largest chunk of audio one PUT may carry (the browser sends one every 10 seconds). */
export const recordingChunkMaxBytes = 5 * 1024 * 1024;
/** Chunks are numbered from 0; 10 000 chunks of 10 s is more than a day. */
export const recordingChunkMaxIndex = 9999;

/** One timestamped piece of the transcript, as the transcription server cut it (seconds from the start). */
export const transcriptSegmentSchema = z.object({ id: z.number().int(), start: z.number(), end: z.number(), text: z.string() });
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/** A sentence of the draft and the transcript segments it rests on; with none it is marked for checking. */
export const draftSentenceSchema = z.object({ text: z.string(), segmentIds: z.array(z.number().int()), needsCheck: z.boolean() });
export type DraftSentence = z.infer<typeof draftSentenceSchema>;
export const draftSectionSchema = z.object({ title: z.string(), sentences: z.array(draftSentenceSchema) });
export type DraftSection = z.infer<typeof draftSectionSchema>;

/** One stream of the recording's audio (a reloaded page starts another): its chunks' files in order, played as one file, and where it starts on the transcript's clock. */
export const recordingAudioStreamSchema = z.object({ startSeconds: z.number(), fileKeys: z.array(z.string()) });
export type RecordingAudioStream = z.infer<typeof recordingAudioStreamSchema>;

export const recordingSchema = z.object({
  id: z.uuid(),
  recordId: z.uuid(),
  patientId: z.uuid(),
  status: z.enum(recordingStatuses),
  /** When the professional registered the patient's consent (recording starts only after it). */
  consentedAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The chunks received, numbered from 0 (a reloaded page continues after the last). */
  chunkCount: z.number().int(),
  /** Seconds of audio, once transcribed. */
  durationSeconds: z.number().nullable(),
  /** Whether audio is still in storage. */
  hasAudio: z.boolean(),
  /** When the audio will be deleted after an accepted draft (the retention setting); null while none is planned. */
  audioDeleteAt: z.string().nullable(),
  /** The audio to play a sentence's sources from (each file at /v1/files/:key), once transcribed and while kept. */
  audio: z.array(recordingAudioStreamSchema),
  transcript: z.object({ segments: z.array(transcriptSegmentSchema) }).nullable(),
  draft: z.object({ sections: z.array(draftSectionSchema) }).nullable(),
  /** The note template chosen for the draft ('Refazer rascunho'); null: the professional's default. */
  noteTemplateId: z.string().nullable(),
  /** The note template the draft follows. */
  noteTemplateName: z.string().nullable(),
  /** Why it failed ('failed'): the button 'Tentar novamente' retries. */
  failure: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingResponse = envelope(z.object({ recording: recordingSchema }));
export const recordingListResponse = envelope(
  z.object({
    recordings: z.array(recordingSchema),
    /** Whether this server has a transcription server configured (TRANSCRIPTION_BASE_URL). */
    transcriptionEnabled: z.boolean(),
  }),
);

export const recordingCreateRequest = z.object(
  { consent: z.literal(true, { error: r.consentRequired }) },
  { error: r.consentRequired },
);
export type RecordingCreateRequest = z.infer<typeof recordingCreateRequest>;

export const recordingChunkParams = z.object({
  id: idSchema,
  n: z.coerce.number({ error: messages.validation.invalidBody }).int().min(0).max(recordingChunkMaxIndex),
});

/** Optional: how many chunks the browser sent, so a lost last one is found too. */
export const recordingFinishRequest = z.object({ chunkCount: z.number().int().min(1).max(recordingChunkMaxIndex + 1).optional() }).nullish();

export const recordingAcceptRequest = z.object({
  /** The text as the professional edited it; paragraphs separated by blank lines. */
  content: z.string({ error: r.contentRequired }).trim().min(1, { error: r.contentRequired }).max(200_000),
  /** Keep the transcript with the recording after accepting (it is deleted otherwise). */
  keepTranscript: z.boolean().optional(),
});
export type RecordingAcceptRequest = z.infer<typeof recordingAcceptRequest>;

/** 'Refazer rascunho': the draft written again from the transcript, following another note template. */
export const recordingRedraftRequest = z.object({
  noteTemplateId: z.uuid({ error: r.noteTemplateRequired }),
});
export type RecordingRedraftRequest = z.infer<typeof recordingRedraftRequest>;
