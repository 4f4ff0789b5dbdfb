import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import type { DraftSection, RecordingAudioStream, RecordingStatus, TranscriptSegment } from '@consultorio/shared';
import { createdAt, timestamptz } from '../../db/columns';
import { files } from '../files/files.tables';
import { patients } from '../patients/patients.tables';
import { noteTemplates, records } from '../records/records.tables';
import { users } from '../users/users.tables';

/**
 * A session recorded for the AI scribe (issue 33): started once the patient's consent is
 * registered, received in chunks, transcribed and drafted by jobs, accepted into its record.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    status: text('status').$type<RecordingStatus>().notNull().default('recording'),
    /** When the professional ticked that the patient agreed to be recorded. */
    consentedAt: timestamptz('consented_at').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
    durationSeconds: real('duration_seconds'),
    transcript: jsonb('transcript').$type<TranscriptSegment[]>(),
    /** The files the audio plays as (one per stream the browser started) and where each starts on the transcript's clock. */
    audioStreams: jsonb('audio_streams').$type<RecordingAudioStream[]>(),
    draft: jsonb('draft').$type<DraftSection[]>(),
    /** The note template the professional chose for the draft ('Refazer rascunho'); null: the default one. */
    noteTemplateId: uuid('note_template_id').references(() => noteTemplates.id, { onDelete: 'set null' }),
    noteTemplateName: text('note_template_name'),
    /** Why the last attempt failed (status 'failed'). */
    failure: text('failure'),
    acceptedAt: timestamptz('accepted_at'),
    keepTranscript: boolean('keep_transcript').notNull().default(false),
    /** After an accepted draft: when the purge deletes the audio (the retention setting). */
    audioDeleteAt: timestamptz('audio_delete_at'),
  },
  (t) => [index('recordings_record_idx').on(t.recordId), index('recordings_audio_delete_idx').on(t.audioDeleteAt)],
);

/** The audio of a recording as the browser sent it: chunk n (from 0) is stored under `fileKey`. */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    byteSize: integer('byte_size').notNull(),
    /** Whether the chunk begins a file of its own (a new MediaRecorder after a reload): the number of streams bounds the transcription's work. */
    startsStream: boolean('starts_stream').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.n] })],
);
