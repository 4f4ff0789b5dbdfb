import { z } from 'zod';
import { messages } from '../messages';
import { searchKey } from '../rules/search';
import { envelope, emailSchema, idSchema } from './common';
import { modalities } from './appointments';
import { patientSummarySchema } from './patients';

const d = messages.documents.errors;

/**
 * The documents of Resolução CFP 06/2019 (art. 8): declaração, atestado psicológico, relatório,
 * laudo and parecer psicológicos. Other professions issue the first two only: a declaration of
 * attendance and a free certificate ('Atestado').
 */
export const documentKinds = ['declaracao', 'atestado', 'relatorio', 'laudo', 'parecer'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export type DocumentSectionKey = keyof typeof messages.documents.sections;

export interface DocumentSectionSpec {
  key: DocumentSectionKey;
  /** Must be written before the document is issued (a draft may leave it empty). */
  required: boolean;
}

const required = (key: DocumentSectionKey): DocumentSectionSpec => ({ key, required: true });

/**
 * The sections each document's text is written in, in order, as the resolution's structure of
 * each kind asks (art. 9 to 14): the identification, place, date and signature are printed from
 * the document's data, so only the written parts are sections. A declaration has none: it holds
 * the chosen sessions only (art. 9, § 1: no symptom or psychological state).
 */
const psychologistSections: Record<DocumentKind, readonly DocumentSectionSpec[]> = {
  declaracao: [],
  atestado: [required('conditions'), { key: 'leave', required: false }],
  relatorio: [required('demand'), required('procedure'), required('analysis'), required('conclusion')],
  laudo: [required('demand'), required('procedure'), required('analysis'), required('conclusion'), required('references')],
  parecer: [required('demand'), required('analysis'), required('conclusion'), required('references')],
};

const otherSections: Partial<Record<DocumentKind, readonly DocumentSectionSpec[]>> = {
  declaracao: [],
  atestado: [required('text')],
};

/** Whether the professional's profile is a psychologist's: the profession says so, or the registration is a CRP. */
export function isPsychologist(professional: { profession: string | null; professionalRegistration: string | null }): boolean {
  return searchKey(professional.profession ?? '').includes('psicolog') || /^\s*crp\b/i.test(professional.professionalRegistration ?? '');
}

/** The kinds of document the professional may issue. */
export function documentKindsFor(psychologist: boolean): readonly DocumentKind[] {
  return psychologist ? documentKinds : (['declaracao', 'atestado'] as const);
}

/** The sections of a kind of document for the professional, or null when they may not issue it. */
export function documentSectionsOf(kind: DocumentKind, psychologist: boolean): readonly DocumentSectionSpec[] | null {
  return (psychologist ? psychologistSections[kind] : otherSections[kind]) ?? null;
}

/** The title a document carries. */
export function documentTitleOf(kind: DocumentKind, psychologist: boolean): string {
  if (!psychologist && (kind === 'declaracao' || kind === 'atestado')) return messages.documents.otherTitles[kind];
  return messages.documents.titles[kind];
}

export const documentSectionMaxChars = 20_000;
export const documentAppointmentsMax = 60;

/** A session a declaration informs, as it was when chosen. */
export const documentSessionSchema = z.object({
  appointmentId: z.uuid().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  modality: z.enum(modalities),
  location: z.string().nullable(),
});
export type DocumentSession = z.infer<typeof documentSessionSchema>;

export const documentSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  kind: z.enum(documentKinds),
  title: z.string(),
  purpose: z.string(),
  recipient: z.string(),
  /** The written sections by key (plain text). */
  sections: z.record(z.string(), z.string()),
  /** A declaration's sessions, oldest first. */
  sessions: z.array(documentSessionSchema),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** When it was issued (immutable since); null for a draft. */
  issuedAt: z.string().nullable(),
  /** SHA-256 (hex) of the PDF as issued. */
  pdfSha256: z.string().nullable(),
  /** When the final, signed version was made (with a certificate here, or uploaded after signing elsewhere). */
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  signedVia: z.enum(['certificate', 'upload']).nullable(),
  /** The last e-mail it was sent to, and when. */
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
});
export type IssuedDocument = z.infer<typeof documentSchema>;

function requiredText(max: number, error: string) {
  return z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(max, { error: messages.validation.tooLong(max) });
}

const sectionsSchema = z.record(
  z.string({ error: d.sectionUnknown }).max(40, { error: d.sectionUnknown }),
  z
    .string({ error: messages.validation.invalidBody })
    .max(documentSectionMaxChars, { error: d.sectionTooLong(documentSectionMaxChars) })
    .transform((text) => text.trim()),
  { error: messages.validation.invalidBody },
);

const documentFields = {
  purpose: requiredText(300, d.purposeRequired),
  recipient: requiredText(200, d.recipientRequired),
  /** The sections of the kind, by key; a draft may leave them empty. */
  sections: sectionsSchema.optional(),
  /** A declaration's attended appointments. */
  appointmentIds: z
    .array(idSchema, { error: messages.validation.invalidBody })
    .max(documentAppointmentsMax, { error: d.appointmentsTooMany(documentAppointmentsMax) })
    .optional(),
};

export const documentCreateRequest = z.object({ kind: z.enum(documentKinds, { error: d.kindInvalid }), ...documentFields });
export type DocumentCreateRequest = z.input<typeof documentCreateRequest>;
/** A draft's new content (the kind stays); leaving `sections` or `appointmentIds` out keeps them. */
export const documentUpdateRequest = z.object(documentFields);
export type DocumentUpdateRequest = z.input<typeof documentUpdateRequest>;

export const documentEmailRequest = z.object({ email: emailSchema.optional() });
export type DocumentEmailRequest = z.input<typeof documentEmailRequest>;

export const documentResponse = envelope(z.object({ document: documentSchema }));
export const documentListResponse = envelope(z.object({ documents: z.array(documentSchema), patient: patientSummarySchema }));
export const documentEmailResponse = envelope(z.object({ email: z.string() }));

/** The largest .pfx/.p12 accepted (an A1 certificate with its chain is a few KB). */
export const certificateMaxBytes = 64 * 1024;
/** The largest signed PDF accepted back from another signer. */
export const signedPdfMaxBytes = 10 * 1024 * 1024;
