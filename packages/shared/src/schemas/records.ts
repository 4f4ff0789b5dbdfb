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

/** The image types the editor's picker accepts, and the only data URIs kept in a record. */
export const recordImageTypes = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;
