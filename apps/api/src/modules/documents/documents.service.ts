import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  documentSectionsOf,
  documentTitleOf,
  fileSlug,
  fullNameOf,
  isPsychologist,
  messages,
  professionalNameOf,
  ptBrDateFormat,
  type DocumentCreateRequest,
  type DocumentKind,
  type DocumentSession,
  type DocumentUpdateRequest,
  type IssuedDocument,
  type PatientSummary,
} from '@consultorio/shared';
import type { Tx } from '../../db/client';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { once } from '../../platform/jobs/once';
import { keepStoredFile } from '../../platform/stored-files';
import type { Upload } from '../../platform/uploads';
import { appointmentsOfPatient } from '../agenda/agenda.service';
import { recordStoredFile } from '../files/files.service';
import { ownedPatient, toPatientSummary } from '../patients/patients.service';
import type { SessionUser } from '../sessions/sessions.service';
import type { DocumentContent } from './document-pdf';
import { renderDocument, signDocumentPdf } from './document-renderer';
import type { SigningFailure } from './document-signature';
import { sendDocumentMail } from './documents.mails';
import * as repo from './documents.repository';
import type { DocumentRow } from './documents.repository';
import { isSignedVersionOf, signerNameInPdf } from './signed-pdf';

const d = messages.documents;

export function toDocument(row: DocumentRow): IssuedDocument {
  return {
    id: row.id,
    patientId: row.patientId,
    kind: row.kind,
    title: row.title,
    purpose: row.purpose,
    recipient: row.recipient,
    sections: row.sections,
    sessions: row.sessions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    pdfSha256: row.issuedSha256,
    signedAt: row.signedAt?.toISOString() ?? null,
    signerName: row.signerName,
    signedVia: row.signedVia,
    sentAt: row.sentAt?.toISOString() ?? null,
    sentTo: row.sentTo,
  };
}

function noteDocument(row: Pick<DocumentRow, 'id' | 'patientId'>, action: 'read' | 'create' | 'update' | 'delete' | 'download' | 'export'): void {
  noteAccess({ patientId: row.patientId, action, entityType: 'document', entityId: row.id });
}

async function ownedDocument(ctx: Context, ownerId: string, id: string): Promise<DocumentRow> {
  const document = await repo.findOwnedDocument(ctx.db, ownerId, id);
  if (!document) throw new AppError('DOCUMENT_NOT_FOUND');
  return document;
}

/** The sections of the kind the professional may write; 400 for a kind they may not issue. */
function sectionSpecs(kind: DocumentKind, psychologist: boolean) {
  const specs = documentSectionsOf(kind, psychologist);
  if (!specs) throw new AppError('DOCUMENT_KIND_NOT_ALLOWED');
  return specs;
}

/**
 * The sections as given, each one of the kind's (400 otherwise); a declaration takes no text at
 * all (it informs the sessions only, never a symptom or a clinical note).
 */
function checkedSections(kind: DocumentKind, psychologist: boolean, sections: Record<string, string>): Record<string, string> {
  const specs = sectionSpecs(kind, psychologist);
  const given = Object.entries(sections);
  if (kind === 'declaracao') {
    if (given.some(([, text]) => text !== '')) throw new AppError('DOCUMENT_TEXT_NOT_ALLOWED');
    return {};
  }
  const known = new Set<string>(specs.map((spec) => spec.key));
  const unknown = given.find(([key]) => !known.has(key));
  if (unknown) throw new AppError('DOCUMENT_SECTION_UNKNOWN');
  return Object.fromEntries(given);
}

/** A declaration's sessions: the chosen appointments of the patient (404 when one is not), each attended (400 otherwise), oldest first. */
async function chosenSessions(ctx: Context, ownerId: string, patientId: string, kind: DocumentKind, ids: readonly string[]): Promise<DocumentSession[]> {
  if (kind !== 'declaracao') {
    if (ids.length > 0) throw new AppError('DOCUMENT_APPOINTMENTS_NOT_ALLOWED');
    return [];
  }
  if (ids.length === 0) throw new AppError('DOCUMENT_APPOINTMENTS_REQUIRED');
  const appointments = await appointmentsOfPatient(ctx, ownerId, patientId, ids);
  if (appointments.some((appointment) => appointment.status !== 'attended')) throw new AppError('DOCUMENT_APPOINTMENT_NOT_ATTENDED');
  return appointments.map((appointment) => ({
    appointmentId: appointment.id,
    startsAt: appointment.startsAt.toISOString(),
    endsAt: appointment.endsAt.toISOString(),
    modality: appointment.modality,
    location: appointment.location,
  }));
}

export async function listDocuments(ctx: Context, ownerId: string, patientId: string): Promise<{ documents: IssuedDocument[]; patient: PatientSummary }> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const rows = await repo.listPatientDocuments(ctx.db, ownerId, patientId);
  noteAccess({ patientId, action: 'read', entityType: 'document', entityId: 'list' });
  return { documents: rows.map(toDocument), patient: toPatientSummary(patient) };
}

/** A draft document of the patient, of a kind the professional's profession may issue. */
export async function createDocument(ctx: Context, owner: SessionUser, patientId: string, request: DocumentCreateRequest): Promise<IssuedDocument> {
  await ownedPatient(ctx, owner.id, patientId);
  const psychologist = isPsychologist(owner);
  const sections = checkedSections(request.kind, psychologist, request.sections ?? {});
  const sessions = await chosenSessions(ctx, owner.id, patientId, request.kind, request.appointmentIds ?? []);
  const row = await repo.insertDocument(
    ctx.db,
    {
      ownerId: owner.id,
      patientId,
      kind: request.kind,
      title: documentTitleOf(request.kind, psychologist),
      purpose: request.purpose.trim(),
      recipient: request.recipient.trim(),
      sections,
      sessions,
    },
    ctx.clock.now(),
  );
  noteDocument(row, 'create');
  return toDocument(row);
}

export async function getDocument(ctx: Context, ownerId: string, id: string): Promise<IssuedDocument> {
  const row = await ownedDocument(ctx, ownerId, id);
  noteDocument(row, 'read');
  return toDocument(row);
}

/** Changes a draft; an issued document answers 423 (a new document corrects it). */
export async function updateDocument(ctx: Context, owner: SessionUser, id: string, request: DocumentUpdateRequest): Promise<IssuedDocument> {
  const current = await ownedDocument(ctx, owner.id, id);
  if (current.issuedAt) throw new AppError('DOCUMENT_ISSUED');
  const psychologist = isPsychologist(owner);
  const sections = request.sections === undefined ? current.sections : checkedSections(current.kind, psychologist, request.sections);
  const sessions =
    request.appointmentIds === undefined ? current.sessions : await chosenSessions(ctx, owner.id, current.patientId, current.kind, request.appointmentIds);
  const updated = await repo.updateDraft(ctx.db, owner.id, id, { purpose: request.purpose.trim(), recipient: request.recipient.trim(), sections, sessions }, ctx.clock.now());
  if (updated === 'issued') throw new AppError('DOCUMENT_ISSUED');
  if (!updated) throw new AppError('DOCUMENT_NOT_FOUND');
  noteDocument(updated, 'update');
  return toDocument(updated);
}

/** Deletes a draft; an issued document stays in the patient's file for good (423). */
export async function deleteDocument(ctx: Context, ownerId: string, id: string): Promise<void> {
  const deleted = await repo.deleteDraft(ctx.db, ownerId, id);
  if (deleted === 'issued') throw new AppError('DOCUMENT_ISSUED');
  if (!deleted) throw new AppError('DOCUMENT_NOT_FOUND');
  noteDocument(deleted, 'delete');
}

type Professional = NonNullable<Awaited<ReturnType<typeof repo.findProfessional>>>;

/** The professional as the database has them now (a profile just changed counts). */
async function professionalOf(ctx: Context, ownerId: string): Promise<Professional> {
  const professional = await repo.findProfessional(ctx.db, ownerId);
  if (!professional) throw new AppError('DOCUMENT_NOT_FOUND');
  return professional;
}

/** What the PDF prints, from the document, its professional and patient as they are now. */
async function documentContent(ctx: Context, document: DocumentRow, professional: Professional, draft: boolean, date: Date): Promise<DocumentContent> {
  const patient = await repo.findPatientContact(ctx.db, document.ownerId, document.patientId);
  if (!patient) throw new AppError('DOCUMENT_NOT_FOUND');
  const psychologist = isPsychologist(professional);
  const specs = documentSectionsOf(document.kind, psychologist) ?? [];
  return {
    kind: document.kind,
    title: document.title,
    psychologist,
    draft,
    patientName: fullNameOf(patient),
    purpose: document.purpose,
    recipient: document.recipient,
    sections: specs.flatMap((spec) => {
      const text = document.sections[spec.key] ?? '';
      return text === '' ? [] : [{ title: d.sections[spec.key], text }];
    }),
    sessions: document.sessions,
    professional: {
      name: professionalNameOf(professional),
      profession: professional.profession,
      registration: professional.professionalRegistration,
      city: professional.city,
    },
    date: date.toISOString(),
    timeZone: professional.timeZone,
  };
}

/** What issuing needs: a psychologist's registration (the resolution prints it), every required section written. */
function checkIssuable(document: DocumentRow, professional: Professional): void {
  const psychologist = isPsychologist(professional);
  if (psychologist && !professional.professionalRegistration) throw new AppError('DOCUMENT_REGISTRATION_MISSING');
  const missing = sectionSpecs(document.kind, psychologist).find((spec) => spec.required && !document.sections[spec.key]);
  if (missing) throw new AppError('DOCUMENT_SECTION_REQUIRED', d.errors.sectionRequired(d.sections[missing.key]));
  if (document.kind === 'declaracao' && document.sessions.length === 0) throw new AppError('DOCUMENT_APPOINTMENTS_REQUIRED');
}

function dayIn(date: Date, timeZone: string): string {
  return ptBrDateFormat({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date).split('/').reverse().join('-');
}

/** 'YYYY-MM-DD-HHhMM' in the zone: two documents of one patient on one day get two names. */
function fileStampIn(date: Date, timeZone: string): string {
  const time = ptBrDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date).replace(':', 'h');
  return `${dayIn(date, timeZone)}-${time}`;
}

/** The document's file name, ASCII only: its title, its patient, and when it was issued (or drafted). */
function fileNameOf(document: Pick<DocumentRow, 'title' | 'createdAt' | 'issuedAt'>, patient: { firstName: string; lastName: string | null }, timeZone: string): string {
  // A name in another script has no ASCII letters left: a word of ours stands for it.
  const title = fileSlug(document.title) || d.fileNameFallback.title;
  return d.fileName(title, fileSlug(fullNameOf(patient)) || d.fileNameFallback.patient, fileStampIn(document.issuedAt ?? document.createdAt, timeZone));
}

/** The document's file name, its patient read for it (404 when the patient is no longer the owner's). */
async function documentFileName(ctx: Context, document: Pick<DocumentRow, 'ownerId' | 'patientId' | 'title' | 'createdAt' | 'issuedAt'>, timeZone: string): Promise<string> {
  const patient = await repo.findPatientContact(ctx.db, document.ownerId, document.patientId);
  if (!patient) throw new AppError('DOCUMENT_NOT_FOUND');
  return fileNameOf(document, patient, timeZone);
}

/**
 * Stores a PDF of the document as a file of its patient and records it on the document with
 * `save` (in one transaction, under the document's row lock); the object is removed again when
 * `save` fails, so a refused change leaves nothing behind.
 */
async function keepDocumentPdf(
  ctx: Context,
  document: DocumentRow,
  pdf: { bytes: Buffer } | { upload: Upload },
  filename: string,
  save: (tx: Tx, key: string, locked: DocumentRow) => Promise<DocumentRow>,
): Promise<DocumentRow> {
  const key = `doc-${randomUUID()}.pdf`;
  const byteSize = 'bytes' in pdf ? pdf.bytes.length : pdf.upload.byteSize;
  if ('bytes' in pdf) await ctx.storage.put(key, pdf.bytes, 'application/pdf');
  else await ctx.storage.putFile(key, pdf.upload.path, 'application/pdf');
  const saved = await keepStoredFile(ctx, key, () =>
    ctx.db.transaction(async (tx) => {
      const locked = await repo.lockOwnedDocument(tx, document.ownerId, document.id);
      if (!locked) return undefined;
      const now = ctx.clock.now();
      await recordStoredFile(tx, { ownerId: document.ownerId, patientId: document.patientId }, { key, contentType: 'application/pdf', byteSize, originalName: filename }, now);
      return save(tx, key, locked);
    }),
  );
  if (!saved) throw new AppError('DOCUMENT_NOT_FOUND');
  return saved;
}

/**
 * Issues the draft: its PDF is written (off the server's thread) and kept as a file of the
 * patient with its SHA-256, and the document is immutable from then on (423 for a change).
 */
export async function issueDocument(ctx: Context, owner: SessionUser, id: string): Promise<IssuedDocument> {
  const document = await ownedDocument(ctx, owner.id, id);
  if (document.issuedAt) throw new AppError('DOCUMENT_ISSUED');
  const professional = await professionalOf(ctx, owner.id);
  checkIssuable(document, professional);
  const now = ctx.clock.now();
  const bytes = await renderDocument(await documentContent(ctx, document, professional, false, now));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const issued = await keepDocumentPdf(ctx, document, { bytes }, await documentFileName(ctx, { ...document, issuedAt: now }, owner.timeZone), async (tx, key, locked) => {
    if (locked.issuedAt) throw new AppError('DOCUMENT_ISSUED');
    return repo.markIssued(tx, locked.id, { issuedFileKey: key, issuedSha256: sha256 }, now);
  });
  noteDocument(issued, 'update');
  return toDocument(issued);
}

async function storedBytes(ctx: Context, key: string | null): Promise<Buffer> {
  const stored = key ? await ctx.storage.get(key) : null;
  if (!stored) throw new AppError('NOT_FOUND');
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The document's PDF: the signed version, else the issued one (as kept), else a draft's preview
 * written now (`preview`: shown in the browser rather than saved).
 */
export async function documentPdfFile(ctx: Context, owner: SessionUser, id: string): Promise<{ filename: string; pdf: Buffer | Readable; preview: boolean }> {
  const document = await ownedDocument(ctx, owner.id, id);
  noteDocument(document, 'download');
  const filename = await documentFileName(ctx, document, owner.timeZone);
  if (!document.issuedAt) {
    const pdf = await renderDocument(await documentContent(ctx, document, await professionalOf(ctx, owner.id), true, ctx.clock.now()));
    return { filename, pdf, preview: true };
  }
  const key = document.signedFileKey ?? document.issuedFileKey;
  const stored = key ? await ctx.storage.get(key) : null;
  if (!stored) throw new AppError('NOT_FOUND');
  return { filename, pdf: stored.body, preview: false };
}

/**
 * For the patient's portal: the stored PDF of one of the patient's issued documents (the signed
 * version when there is one), as a stream; 404 for another's or a draft. The portal writes the
 * access-log entry (the patient's download, with the patient's address).
 */
export async function patientDocumentFile(
  ctx: Context,
  owner: { id: string; timeZone: string },
  patient: { id: string; firstName: string; lastName: string | null },
  id: string,
): Promise<{ filename: string; pdf: Readable }> {
  const document = await repo.findOwnedDocument(ctx.db, owner.id, id);
  if (!document || document.patientId !== patient.id || !document.issuedAt) throw new AppError('DOCUMENT_NOT_FOUND');
  const key = document.signedFileKey ?? document.issuedFileKey;
  const stored = key ? await ctx.storage.get(key) : null;
  if (!stored) throw new AppError('NOT_FOUND');
  return { filename: fileNameOf(document, patient, owner.timeZone), pdf: stored.body };
}

/** A document that can take its final, signed version: issued (409 before) and not signed yet (409). */
function checkSignable(document: DocumentRow): void {
  if (!document.issuedAt) throw new AppError('DOCUMENT_NOT_ISSUED');
  if (document.signedAt) throw new AppError('DOCUMENT_ALREADY_SIGNED');
}

function signingError(failure: SigningFailure, timeZone: string): AppError {
  const day = (iso: string) => ptBrDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(new Date(iso));
  switch (failure.reason) {
    case 'not-p12':
      return new AppError('CERTIFICATE_INVALID');
    case 'password':
      return new AppError('CERTIFICATE_PASSWORD_WRONG');
    case 'no-key':
      return new AppError('CERTIFICATE_NO_KEY');
    case 'key-unsupported':
      return new AppError('CERTIFICATE_KEY_UNSUPPORTED');
    case 'expired':
      return new AppError('CERTIFICATE_EXPIRED', d.errors.certificateExpired(day(failure.date)));
    case 'not-yet-valid':
      return new AppError('CERTIFICATE_NOT_YET_VALID', d.errors.certificateNotYetValid(day(failure.date)));
  }
}

/**
 * Signs the issued PDF with the professional's A1 certificate (PAdES), in the document worker;
 * the signed PDF becomes the document's final version. The certificate and its password are used
 * for this request only: never written to disk, the database or a log. A wrong password answers
 * 400 and changes nothing.
 */
export async function signDocument(
  ctx: Context,
  owner: SessionUser,
  id: string,
  certificate: { file: Buffer | null; password: string | undefined },
): Promise<IssuedDocument> {
  const document = await ownedDocument(ctx, owner.id, id);
  checkSignable(document);
  if (!certificate.file) throw new AppError('CERTIFICATE_MISSING');
  if (!certificate.password) throw new AppError('CERTIFICATE_PASSWORD_MISSING');
  const now = ctx.clock.now();
  const result = await signDocumentPdf({
    pdf: await storedBytes(ctx, document.issuedFileKey),
    p12: certificate.file,
    password: certificate.password,
    signingTime: now.toISOString(),
    reason: d.pdf.signatureReason(document.title),
    location: owner.city ?? '',
  });
  if (!result.ok) throw signingError(result, owner.timeZone);
  const signed = await keepDocumentPdf(ctx, document, { bytes: result.pdf }, await documentFileName(ctx, document, owner.timeZone), async (tx, key, locked) => {
    if (locked.signedAt) throw new AppError('DOCUMENT_ALREADY_SIGNED');
    return repo.markSigned(tx, locked.id, { signedFileKey: key, signerName: result.signerName, signedVia: 'certificate' }, now);
  });
  noteDocument(signed, 'update');
  return toDocument(signed);
}

/**
 * Keeps the PDF the professional signed in another application (the gov.br signer, a token's
 * software) as the document's final version: it must be the issued PDF with a signature added
 * after it (an incremental update, as every PDF signer writes one), so no other file can take
 * the document's place. The signature itself is checked by whoever receives it (ITI's validator).
 */
export async function uploadSignedPdf(ctx: Context, owner: SessionUser, id: string, upload: Upload): Promise<IssuedDocument> {
  const document = await ownedDocument(ctx, owner.id, id);
  checkSignable(document);
  const [issued, uploaded] = await Promise.all([storedBytes(ctx, document.issuedFileKey), readFile(upload.path)]);
  if (!isSignedVersionOf(uploaded, issued)) throw new AppError('SIGNED_PDF_INVALID');
  const signerName = await signerNameInPdf(uploaded, issued.length);
  const now = ctx.clock.now();
  const signed = await keepDocumentPdf(ctx, document, { upload }, await documentFileName(ctx, document, owner.timeZone), async (tx, key, locked) => {
    if (locked.signedAt) throw new AppError('DOCUMENT_ALREADY_SIGNED');
    return repo.markSigned(tx, locked.id, { signedFileKey: key, signerName, signedVia: 'upload' }, now);
  });
  noteDocument(signed, 'update');
  return toDocument(signed);
}

const DOCUMENT_MAIL_JOB = 'documents.mail';

/**
 * Queues the signed document's mail to the address given, else the patient's, else the
 * responsible's; answers where it goes. Only a signed document goes by e-mail: a document sent by
 * digital means must carry a digital signature (Resolução CFP 06/2019).
 */
export async function emailDocument(ctx: Context, ownerId: string, id: string, email: string | undefined): Promise<string> {
  const document = await ownedDocument(ctx, ownerId, id);
  if (!document.issuedAt) throw new AppError('DOCUMENT_NOT_ISSUED');
  if (!document.signedFileKey) throw new AppError('DOCUMENT_NOT_SIGNED');
  const patient = await repo.findPatientContact(ctx.db, ownerId, document.patientId);
  const to = email ?? patient?.email ?? patient?.payerEmail ?? null;
  if (!to) throw new AppError('RECIPIENT_EMAIL_MISSING');
  await ctx.jobs.send(DOCUMENT_MAIL_JOB, { documentId: document.id, email: to });
  noteDocument(document, 'export');
  return to;
}

export function defineDocumentsJobs(ctx: Context): void {
  ctx.jobs.define<{ documentId: string; email: string }>(DOCUMENT_MAIL_JOB, {
    handle: ({ id, data }) =>
      once(ctx.db, id, async () => {
        const document = await repo.findDocument(ctx.db, data.documentId);
        if (!document?.signedFileKey) return;
        const [professional, patient] = await Promise.all([
          repo.findProfessional(ctx.db, document.ownerId),
          repo.findPatientContact(ctx.db, document.ownerId, document.patientId),
        ]);
        if (!professional || !patient) return;
        const greetingName = data.email === patient.payerEmail && patient.payerName ? patient.payerName : fullNameOf(patient);
        await sendDocumentMail(ctx, {
          email: data.email,
          greetingName,
          title: document.title,
          professional: professionalNameOf(professional),
          filename: fileNameOf(document, patient, professional.timeZone),
          pdf: await storedBytes(ctx, document.signedFileKey),
        });
        await repo.markSent(ctx.db, document.id, data.email, ctx.clock.now());
      }),
  });
}

/** The patient's issued documents for the export of their file (their PDFs are among the patient's files), oldest first. */
export async function exportDocuments(ctx: Context, ownerId: string, patientId: string) {
  const rows = await repo.listPatientDocuments(ctx.db, ownerId, patientId);
  return rows
    .filter((row) => row.issuedAt !== null)
    .reverse()
    .map((row) => ({ document: toDocument(row), issuedFileKey: row.issuedFileKey, signedFileKey: row.signedFileKey }));
}
