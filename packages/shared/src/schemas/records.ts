import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages/pt-br';
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

export const recordContentRequest = z.object({
  content: z
    .string({ error: v.recordContentInvalid })
    .max(limits.recordContentMaxChars, { error: v.recordContentTooLong }),
});
export type RecordContentRequest = z.input<typeof recordContentRequest>;

export const recordResponse = envelope(z.object({ record: recordSchema }));
export const recordDetailResponse = envelope(
  z.object({ record: recordSchema, recordsAttachments: z.array(recordAttachmentSchema), patient: patientSummarySchema }),
);
export const recordListResponse = envelope(z.object({ records: z.array(recordSchema), patient: patientSummarySchema }));
export const recordAttachmentsResponse = envelope(z.object({ recordsAttachments: z.array(recordAttachmentSchema) }));

/** The image types the editor's picker accepts, and the only data URIs kept in a record. */
export const recordImageTypes = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;
