import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { appointments } from '../agenda/agenda.tables';
import { files } from '../files/files.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';

export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Sanitized HTML from the editor. */
    content: text('content').notNull().default(''),
    aiAssistantName: text('ai_assistant_name'),
    /** Goes up with every change of the content: a save sends the version it started from (409 when stale). */
    version: integer('version').notNull().default(1),
    /** Set once, by 'Finalizar prontuário': the content is read-only afterwards, corrections are addenda. */
    finalizedAt: timestamptz('finalized_at'),
    /** SHA-256 (hex) of the content as finalized. */
    contentSha256: text('content_sha256'),
    /** The appointment this record is the session note ('evolução') of (one note per appointment). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** When that session started, kept when the appointment is deleted. */
    sessionStartsAt: timestamptz('session_starts_at'),
    createdAt: createdAt(),
    /** Null until the name or the content first changes. */
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [
    index('records_patient_created_idx').on(t.patientId, t.createdAt),
    index('records_owner_idx').on(t.ownerId),
    uniqueIndex('records_appointment_key')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
  ],
);

/**
 * The versions of a record's content: each explicit save, each restore, one per stretch of
 * autosaves (a stretch keeps its row up to date for 2 minutes, then a new one starts), and the
 * text before any save that removed more than 200 characters of it.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** The record's version this content had (the newest save of a stretch, for autosaves). */
    version: integer('version').notNull(),
    kind: text('kind', { enum: ['save', 'autosave', 'restore'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** When the content was last written (an autosave stretch moves it). */
    savedAt: timestamptz('saved_at').notNull().default(sql`now()`),
  },
  (t) => [index('record_versions_record_idx').on(t.recordId, t.savedAt)],
);

/** A dated correction of a finalized record (its content stays as finalized). */
export const recordAddenda = pgTable(
  'record_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** Sanitized rich text, like a record's. */
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_addenda_record_idx').on(t.recordId, t.createdAt)],
);

/** A file attached to a record; the stored object's row in `files` carries the patient too. */
export const recordAttachments = pgTable(
  'record_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    basename: text('basename').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('record_attachments_record_idx').on(t.recordId), uniqueIndex('record_attachments_file_key').on(t.fileKey)],
);

/**
 * Note templates: the headings a new record's text starts with. The library's have a key and no
 * owner and come from `db/seeds/note-templates.json`, updated by key on every start; a
 * professional's own have an owner and no key.
 */
export const noteTemplates = pgTable(
  'note_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    headings: jsonb('headings').$type<string[]>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('note_templates_key_key').on(t.key), index('note_templates_owner_idx').on(t.ownerId)],
);

/** The template a professional's session notes start from; without a row, the library's 'Evolução'. */
export const noteTemplatePreferences = pgTable('note_template_preferences', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultTemplateId: uuid('default_template_id')
    .notNull()
    .references(() => noteTemplates.id, { onDelete: 'cascade' }),
});
