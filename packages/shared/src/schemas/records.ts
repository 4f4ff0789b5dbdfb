import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { envelope, itemNameSchema } from './common';
import { patientSummarySchema } from './patients';

const v = messages.validation;

export const recordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  patientId: z.uuid(),
  /** Sanitized rich-text HTML (the editor's formats only). */
  content: z.string(),
  creationDate: z.string(),
  /** When the name or content last changed; null until then. */
  lastUpdateDate: z.string().nullable(),
  createdAt: z.string(),
  /** The assistant that wrote it, for records generated from a chat. */
  aiAssistantName: z.string().nullable(),
  /** Goes up with every change of the content; a save sends the version it started from. */
  version: z.number().int(),
  /** When it was finalized (its content read-only since); null while it can be edited. */
  finalizedAt: z.string().nullable(),
  /** SHA-256 (hex) of the content as finalized. */
  contentSha256: z.string().nullable(),
  /** The appointment this record is the session note ('evolução') of; null for a free record or once the appointment is deleted. */
  appointmentId: z.uuid().nullable(),
  /** When that session started (ISO instant), kept when the appointment is gone; null for a free record. */
  sessionDate: z.string().nullable(),
});
export type ClinicalRecord = z.infer<typeof recordSchema>;

export const recordAttachmentSchema = z.object({
  id: z.uuid(),
  basename: z.string(),
  externalKey: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  createdAt: z.string(),
});
export type RecordAttachment = z.infer<typeof recordAttachmentSchema>;


export const recordNameRequest = z.object({ name: itemNameSchema });
export type RecordNameRequest = z.input<typeof recordNameRequest>;

/**
 * A new record: a free one needs its name; a session note (`appointmentId`) is named and dated by
 * its appointment when no name is given, and starts from the professional's default template
 * unless `noteTemplateId` names another.
 */
export const recordCreateRequest = z
  .object({
    name: itemNameSchema.optional(),
    appointmentId: z.uuid({ error: v.idInvalid }).optional(),
    noteTemplateId: z.uuid({ error: v.idInvalid }).optional(),
  })
  .refine((request) => request.name !== undefined || request.appointmentId !== undefined, { error: v.nameRequired, path: ['name'] });
export type RecordCreateRequest = z.input<typeof recordCreateRequest>;

const noteTemplateHeadingMax = 120;
const noteTemplateHeadingsMax = 20;

/** A note template: the headings a new record's text starts with, in order. Library ones have no owner and cannot be changed. */
export const noteTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  headings: z.array(z.string()),
  isLibrary: z.boolean(),
});
export type NoteTemplate = z.infer<typeof noteTemplateSchema>;

export const noteTemplateRequest = z.object({
  name: itemNameSchema,
  headings: z
    .array(
      z
        .string({ error: v.noteTemplateHeadingsRequired })
        .trim()
        .min(1, { error: v.noteTemplateHeadingsRequired })
        .max(noteTemplateHeadingMax, { error: v.noteTemplateHeadingTooLong(noteTemplateHeadingMax) }),
      { error: v.noteTemplateHeadingsRequired },
    )
    .min(1, { error: v.noteTemplateHeadingsRequired })
    .max(noteTemplateHeadingsMax, { error: v.noteTemplateHeadingsTooMany(noteTemplateHeadingsMax) }),
});
export type NoteTemplateRequest = z.input<typeof noteTemplateRequest>;

export const noteTemplateDefaultRequest = z.object({ noteTemplateId: z.uuid({ error: v.idInvalid }) });

export const noteTemplateResponse = envelope(z.object({ noteTemplate: noteTemplateSchema }));
/** The library's templates first, then the professional's own; `defaultNoteTemplateId` is the one session notes start from. */
export const noteTemplatesResponse = envelope(z.object({ noteTemplates: z.array(noteTemplateSchema), defaultNoteTemplateId: z.uuid() }));
export const noteTemplateDefaultResponse = envelope(z.object({ defaultNoteTemplateId: z.uuid() }));

/** A template's text as a record starts with it: each heading, then an empty paragraph to write in. */
export function noteTemplateHtml(headings: readonly string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return headings.map((heading) => `<h2>${escape(heading)}</h2><p><br></p>`).join('');
}

const recordContentSchema = z.string({ error: v.recordContentInvalid }).max(limits.recordContentMaxChars, { error: v.recordContentTooLong });

/**
 * A save of the editor's content: `version` is the record's version the text was edited from
 * (a newer one on the server answers 409 and stores nothing); `autosave` for the saves the
 * editor makes by itself, which collapse into one version per stretch of editing.
 */
export const recordContentRequest = z.object({
  content: recordContentSchema,
  version: z.number({ error: v.recordVersionRequired }).int({ error: v.recordVersionRequired }).min(1, { error: v.recordVersionRequired }),
  autosave: z.boolean({ error: v.invalidBody }).optional(),
});

/** Restores an earlier version as the content: `version` as in a save. */
export const recordRestoreRequest = recordContentRequest.pick({ version: true });

export const recordAddendumRequest = z.object({ content: recordContentSchema.refine((html) => html.trim() !== '', { error: v.addendumRequired }) });
export type RecordAddendumRequest = z.input<typeof recordAddendumRequest>;

export const recordAddendumSchema = z.object({ id: z.uuid(), content: z.string(), createdAt: z.string() });
export type RecordAddendum = z.infer<typeof recordAddendumSchema>;

export const recordVersionSummarySchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  kind: z.enum(['save', 'autosave', 'restore']),
  createdAt: z.string(),
});
export type RecordVersionSummary = z.infer<typeof recordVersionSummarySchema>;
export const recordVersionSchema = recordVersionSummarySchema.extend({ content: z.string() });
export type RecordVersion = z.infer<typeof recordVersionSchema>;
export type RecordContentRequest = z.input<typeof recordContentRequest>;

export const recordResponse = envelope(z.object({ record: recordSchema }));
export const recordDetailResponse = envelope(
  z.object({
    record: recordSchema,
    recordsAttachments: z.array(recordAttachmentSchema),
    patient: patientSummarySchema,
    /** Oldest first. */
    recordAddenda: z.array(recordAddendumSchema),
  }),
);
export const recordAddendumResponse = envelope(z.object({ recordAddendum: recordAddendumSchema }));
export const recordVersionsResponse = envelope(z.object({ recordVersions: z.array(recordVersionSummarySchema) }));
export const recordVersionResponse = envelope(z.object({ recordVersion: recordVersionSchema }));
export const recordListResponse = envelope(z.object({ records: z.array(recordSchema), patient: patientSummarySchema }));
export const recordAttachmentsResponse = envelope(z.object({ recordsAttachments: z.array(recordAttachmentSchema) }));
