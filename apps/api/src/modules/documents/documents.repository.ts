import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { patientSummaryColumns } from '../../db/selections';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';
import { documents } from './documents.tables';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Pick<typeof documents.$inferInsert, 'ownerId' | 'patientId' | 'kind' | 'title' | 'purpose' | 'recipient' | 'sections' | 'sessions'>;

export async function listPatientDocuments(db: Db, ownerId: string, patientId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.ownerId, ownerId), eq(documents.patientId, patientId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function insertDocument(db: Db, values: NewDocument, now: Date): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

export async function findOwnedDocument(db: Db, ownerId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)));
  return row;
}

/** The document (whoever owns it), for a job. */
export async function findDocument(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** The owner's document, locked for a change in the transaction. */
export async function lockOwnedDocument(tx: Tx, ownerId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)))
    .for('update');
  return row;
}

/** Changes the owner's draft (checked in the UPDATE itself); 'issued' when it was issued meanwhile, undefined when not theirs. */
export async function updateDraft(
  db: Db,
  ownerId: string,
  id: string,
  values: Pick<DocumentRow, 'purpose' | 'recipient' | 'sections' | 'sessions'>,
  now: Date,
): Promise<DocumentRow | 'issued' | undefined> {
  const [row] = await db
    .update(documents)
    .set({ ...values, updatedAt: now })
    .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId), isNull(documents.issuedAt)))
    .returning();
  if (row) return row;
  return (await findOwnedDocument(db, ownerId, id)) ? 'issued' : undefined;
}

/** Deletes the owner's draft; 'issued' when it is issued (kept for good), undefined when not theirs. */
export async function deleteDraft(db: Db, ownerId: string, id: string): Promise<DocumentRow | 'issued' | undefined> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId), isNull(documents.issuedAt)))
    .returning();
  if (row) return row;
  return (await findOwnedDocument(db, ownerId, id)) ? 'issued' : undefined;
}

export async function markIssued(tx: Tx, id: string, values: { issuedFileKey: string; issuedSha256: string }, now: Date): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...values, issuedAt: now, updatedAt: now })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

export async function markSigned(
  tx: Tx,
  id: string,
  values: { signedFileKey: string; signerName: string | null; signedVia: 'certificate' | 'upload' },
  now: Date,
): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...values, signedAt: now, updatedAt: now })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

export async function markSent(db: Db, id: string, email: string, now: Date): Promise<void> {
  await db.update(documents).set({ sentAt: now, sentTo: email }).where(eq(documents.id, id));
}

/** What a document prints of the professional who issues it. */
export async function findProfessional(db: Db, ownerId: string) {
  const [row] = await db
    .select({
      title: users.title,
      firstName: users.firstName,
      lastName: users.lastName,
      profession: users.profession,
      professionalRegistration: users.professionalRegistration,
      city: users.city,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  return row;
}

/** The patient's names and where their mail goes (theirs, and the responsible's). */
export async function findPatientContact(db: Db, ownerId: string, patientId: string) {
  const [row] = await db
    .select({ ...patientSummaryColumns, email: patients.email, payerName: patients.payerName, payerEmail: patients.payerEmail })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.ownerId, ownerId)));
  return row;
}
