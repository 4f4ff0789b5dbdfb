import { idSchema, messages, searchKey, type PatientCreate, type PatientUpdate } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { removeStoredFiles, replaceStoredAvatar } from '../../platform/stored-files';
import type { Upload } from '../../platform/uploads';
import * as repo from './patients.repository';
import type { PageStart, PatientRow } from './patients.repository';

export interface PatientListRequest {
  q: string;
  limit: number;
  cursor?: string | undefined;
}

export interface PatientListPage {
  rows: PatientRow[];
  total: number;
  nextCursor: string | null;
}

/** The professional's patients whose full name contains `q` (ignoring case and accents), by name. */
export async function listPatients(ctx: Context, ownerId: string, request: PatientListRequest): Promise<PatientListPage> {
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  // One extra row tells whether another page follows without a second query.
  const { rows, total } = await repo.searchPatients(ctx.db, ownerId, {
    text: searchKey(request.q),
    limit: request.limit + 1,
    after,
  });
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > request.limit && last ? encodeCursor(last) : null;
  return { rows: page, total, nextCursor };
}

export async function getPatient(ctx: Context, ownerId: string, id: string): Promise<PatientRow> {
  const patient = await repo.findPatient(ctx.db, ownerId, id);
  if (!patient) throw new AppError('PATIENT_NOT_FOUND');
  return patient;
}

export async function createPatient(ctx: Context, ownerId: string, patient: PatientCreate): Promise<PatientRow> {
  const created = await repo.insertPatient(ctx.db, ownerId, patient, ctx.clock.now());
  if ('limit' in created) throw new AppError('PATIENT_LIMIT', messages.errors.patientLimit(created.limit));
  return created;
}

export async function updatePatient(ctx: Context, ownerId: string, id: string, patient: PatientUpdate): Promise<PatientRow> {
  const updated = await repo.updatePatient(ctx.db, ownerId, id, patient, ctx.clock.now());
  if (!updated) throw new AppError('PATIENT_NOT_FOUND');
  return updated;
}

/** Deletes the patient with everything that belongs to it; stored files go once the rows are gone. */
export async function deletePatient(ctx: Context, ownerId: string, id: string): Promise<void> {
  const storedKeys = await repo.deletePatient(ctx.db, ownerId, id);
  if (!storedKeys) throw new AppError('PATIENT_NOT_FOUND');
  await removeStoredFiles(ctx, storedKeys);
}

export async function replacePatientAvatar(ctx: Context, ownerId: string, id: string, upload: Upload): Promise<PatientRow> {
  // Checked first so a stranger's id never costs an image conversion.
  await getPatient(ctx, ownerId, id);
  const result = await replaceStoredAvatar(ctx, upload, (file) =>
    repo.replacePatientAvatar(ctx.db, ownerId, id, file, ctx.clock.now()),
  );
  if (!result) throw new AppError('PATIENT_NOT_FOUND');
  return result.patient;
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
