import {
  confirmsTyped,
  fullNameOf,
  idSchema,
  messages,
  searchWords,
  type Patient,
  type PatientCreate,
  type PatientDeletion,
  type PatientPage,
  type PatientSummary,
  type PatientUpdate,
} from '@consultorio/shared';
import { noteAccess } from '../../platform/access-log';
import type { Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { forgetPatientLog, listAccessLog, writeEntriesOfActors } from '../audit/audit.service';
import { forgetPatientFiles, forgetStoredFiles, recordStoredFile } from '../files/files.service';
import { AppError } from '../../platform/errors';
import { removeStoredFiles, replaceStoredAvatar } from '../../platform/stored-files';
import type { Upload } from '../../platform/uploads';
import * as repo from './patients.repository';
import type { PageStart, PatientRow } from './patients.repository';

export type { PatientRow };

export function toPatient(row: PatientRow): Patient {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullNameOf(row),
    gender: row.gender,
    birthdate: row.birthdate,
    cc: row.cc,
    phone: row.phone,
    email: row.email,
    country: row.country,
    avatarExternalKey: row.avatarExternalKey,
    remindersOptOut: row.remindersOptOut,
    whatsappOptIn: row.whatsappOptIn,
    whatsappOptInAt: row.whatsappOptInAt?.toISOString() ?? null,
    whatsappStoppedAt: row.whatsappStoppedAt?.toISOString() ?? null,
    document: row.document,
    sessionFeeCents: row.sessionFeeCents,
    payerName: row.payerName,
    payerDocument: row.payerDocument,
    payerEmail: row.payerEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The patient as forms, records and chats name it: id and names only. */
export function toPatientSummary(row: { id: string; firstName: string; lastName: string | null }): PatientSummary {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, fullName: fullNameOf(row) };
}

export interface PatientListRequest {
  q: string;
  limit: number;
  cursor?: string | undefined;
}

/** The professional's patients whose full name holds every word of `q`, in any order (ignoring case and accents), by name. */
export async function listPatients(ctx: Context, ownerId: string, request: PatientListRequest): Promise<PatientPage> {
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  // One extra row tells whether another page follows without a second query.
  const { rows, total } = await repo.searchPatients(ctx.db, ownerId, {
    words: searchWords(request.q),
    limit: request.limit + 1,
    after,
  });
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > request.limit && last ? encodeCursor(last) : null;
  return { patients: page.map(toPatient), total, nextCursor };
}

/** The professional's own patient, for the services that act on it; another's or a missing one answers 404. */
export async function ownedPatient(ctx: Context, ownerId: string, id: string): Promise<PatientRow> {
  const patient = await repo.findPatient(ctx.db, ownerId, id);
  if (!patient) throw new AppError('PATIENT_NOT_FOUND');
  return patient;
}

function notePatient(patientId: string, action: 'read' | 'create' | 'update' | 'delete'): void {
  noteAccess({ patientId, action, entityType: 'patient', entityId: patientId });
}

export async function getPatient(ctx: Context, ownerId: string, id: string): Promise<Patient> {
  const patient = await ownedPatient(ctx, ownerId, id);
  notePatient(patient.id, 'read');
  return toPatient(patient);
}

export async function createPatient(ctx: Context, ownerId: string, patient: PatientCreate): Promise<Patient> {
  const created = await repo.insertPatient(ctx.db, ownerId, patient, ctx.clock.now());
  if ('limit' in created) throw new AppError('PATIENT_LIMIT', messages.errors.patientLimit(created.limit));
  notePatient(created.id, 'create');
  noteWhatsappConsent(created.id, false, created.whatsappOptIn);
  return toPatient(created);
}

export async function updatePatient(ctx: Context, ownerId: string, id: string, patient: PatientUpdate): Promise<Patient> {
  const updated = await repo.updatePatient(ctx.db, ownerId, id, patient, ctx.clock.now());
  if (!updated) throw new AppError('PATIENT_NOT_FOUND');
  notePatient(updated.id, 'update');
  noteWhatsappConsent(updated.id, updated.wasWhatsappOptIn, updated.whatsappOptIn);
  return toPatient(updated);
}

/** The patient's WhatsApp consent given or withdrawn (recorded by the professional): the access log keeps when. */
function noteWhatsappConsent(patientId: string, before: boolean, after: boolean): void {
  if (before === after) return;
  noteAccess({ patientId, action: after ? 'consent' : 'withdraw', entityType: 'whatsapp', entityId: patientId });
}

/**
 * A patient's 'PARAR' by WhatsApp (the whatsapp module's webhook, in its transaction): their consent
 * is withdrawn, in each professional's access log (without an address: it came by WhatsApp).
 * Answers how many patients it withdrew.
 */
export async function optOutOfWhatsapp(ctx: Context, tx: Tx, e164DigitsForms: string[]): Promise<number> {
  const changed = await repo.optOutWhatsappByPhone(tx, e164DigitsForms, ctx.clock.now());
  await writeEntriesOfActors(
    { ...ctx, db: tx },
    changed.map(({ id, ownerId }) => ({ actor: { userId: ownerId, ip: null }, entries: [{ patientId: id, action: 'withdraw', entityType: 'whatsapp', entityId: id }] })),
  );
  return changed.length;
}

/** Who read or changed the patient's data, newest first (reading it is itself noted). */
export async function getAccessLog(ctx: Context, ownerId: string, id: string, page: { limit: number; cursor?: string | undefined }) {
  await ownedPatient(ctx, ownerId, id);
  noteAccess({ patientId: id, action: 'read', entityType: 'access-log', entityId: id });
  return listAccessLog(ctx, ownerId, id, page);
}

/**
 * Records must be kept for at least 5 years (Resolução CFP nº 001/2009): a patient with a
 * finalized record goes only when the professional typed the patient's full name.
 */
function isNameRequired(finalizedRecords: number): boolean {
  return finalizedRecords > 0;
}

/** Whether deleting the patient asks for the name typed. */
export async function getDeletion(ctx: Context, ownerId: string, id: string): Promise<PatientDeletion> {
  await ownedPatient(ctx, ownerId, id);
  const finalizedRecords = await repo.countFinalizedRecords(ctx.db, id);
  return { finalizedRecords, confirmNameRequired: isNameRequired(finalizedRecords) };
}

/**
 * Deletes the patient with everything that belongs to it; stored files go once the rows are
 * gone. Of the patient's access log, one entry stays: this deletion. A patient with a finalized
 * record needs `confirmName`, their full name (409 otherwise, and nothing is deleted).
 */
export async function deletePatient(ctx: Context, ownerId: string, id: string, confirmName: string | undefined): Promise<void> {
  const storedKeys = await ctx.db.transaction(async (tx) => {
    const doomed = await repo.lockDoomedPatient(tx, ownerId, id);
    if (!doomed) throw new AppError('PATIENT_NOT_FOUND');
    const confirmed = !isNameRequired(doomed.finalizedRecords) || (confirmName !== undefined && confirmsTyped(confirmName, fullNameOf(doomed)));
    if (!confirmed) throw new AppError('PATIENT_NAME_CONFIRMATION');
    const keys = await forgetPatientFiles(tx, ownerId, id);
    await repo.deletePatient(tx, id);
    return keys;
  });
  await forgetPatientLog(ctx, ownerId, id);
  notePatient(id, 'delete');
  await removeStoredFiles(ctx, storedKeys);
}

export async function replacePatientAvatar(ctx: Context, ownerId: string, id: string, upload: Upload): Promise<Patient> {
  // Checked first so a stranger's id never costs an image conversion.
  await ownedPatient(ctx, ownerId, id);
  const result = await replaceStoredAvatar(ctx, upload, (file) =>
    ctx.db.transaction(async (tx) => {
      const changed = await repo.setPatientAvatar(tx, ownerId, id, file.key, ctx.clock.now());
      if (!changed) return undefined;
      await recordStoredFile(tx, { ownerId, patientId: id }, file);
      if (changed.previousKey) await forgetStoredFiles(tx, ownerId, [changed.previousKey]);
      return changed;
    }),
  );
  if (!result) throw new AppError('PATIENT_NOT_FOUND');
  notePatient(id, 'update');
  return toPatient(result.patient);
}

function encodeCursor(row: PatientRow): string {
  return Buffer.from(JSON.stringify([row.searchName, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): PageStart {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 2 && typeof decoded[0] === 'string' && !decoded[0].includes('\0')) {
      const id = idSchema.safeParse(decoded[1]);
      if (id.success) return { searchName: decoded[0], id: id.data };
    }
  } catch {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw new AppError('VALIDATION', messages.validation.cursorInvalid);
}

/**
 * The patient a confirmed booking is for, in the booking's transaction: the owner's patient with
 * the confirmed e-mail (no duplicate), else a new one from what the person gave.
 */
export async function findOrCreateBookedPatient(tx: Tx, ownerId: string, person: PatientCreate, now: Date): Promise<{ patient: PatientRow; created: boolean }> {
  const known = person.email ? await repo.findPatientByEmail(tx, ownerId, person.email) : undefined;
  if (known) return { patient: known, created: false };
  const created = await repo.insertPatient(tx, ownerId, person, now);
  if ('limit' in created) throw new AppError('PATIENT_LIMIT', messages.errors.patientLimit(created.limit));
  // Made by the person booking, not by a session: nothing for the access log.
  return { patient: created, created: true };
}

