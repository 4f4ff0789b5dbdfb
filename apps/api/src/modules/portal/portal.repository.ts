import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';
import { portalInvitations, portalLinks, portalSessions } from './portal.tables';

export async function insertInvitation(db: Db, patientId: string): Promise<void> {
  await db.insert(portalInvitations).values({ patientId }).onConflictDoNothing();
}

/** The invited patient rows with this e-mail (compared without case), with their professional and when the terms were accepted. */
export async function invitedPatientsByEmail(db: Db, email: string) {
  return db
    .select({ patient: patients, professional: users, invitedAt: portalInvitations.createdAt, consentedAt: portalInvitations.consentedAt })
    .from(portalInvitations)
    .innerJoin(patients, eq(patients.id, portalInvitations.patientId))
    .innerJoin(users, eq(users.id, patients.ownerId))
    .where(sql`lower(${patients.email}) = ${email.toLowerCase()}`);
}

/** Deletes the patient's invitation; answers whether there was one. */
export async function deleteInvitation(db: Db, patientId: string): Promise<boolean> {
  const deleted = await db.delete(portalInvitations).where(eq(portalInvitations.patientId, patientId)).returning({ patientId: portalInvitations.patientId });
  return deleted.length > 0;
}

export async function findInvitation(db: Db, patientId: string) {
  const [row] = await db.select().from(portalInvitations).where(eq(portalInvitations.patientId, patientId));
  return row;
}

/** Records the acceptance of the terms, now, on those invitations that have none yet; answers their patients. */
export async function recordConsent(db: Db, patientIds: readonly string[], now: Date): Promise<string[]> {
  if (patientIds.length === 0) return [];
  const changed = await db
    .update(portalInvitations)
    .set({ consentedAt: now, withdrawnAt: null })
    .where(and(inArray(portalInvitations.patientId, [...patientIds]), isNull(portalInvitations.consentedAt)))
    .returning({ patientId: portalInvitations.patientId });
  return changed.map((row) => row.patientId);
}

/** Records the withdrawal of the terms, now, on those invitations whose terms were accepted; answers their patients. */
export async function withdrawConsent(db: Db, patientIds: readonly string[], now: Date): Promise<string[]> {
  if (patientIds.length === 0) return [];
  const changed = await db
    .update(portalInvitations)
    .set({ consentedAt: null, withdrawnAt: now })
    .where(and(inArray(portalInvitations.patientId, [...patientIds]), isNotNull(portalInvitations.consentedAt)))
    .returning({ patientId: portalInvitations.patientId });
  return changed.map((row) => row.patientId);
}

/** Ends every portal session of an address (compared without case). */
/** Ends every portal session of the address, and voids the sign-in links sent to it and not yet used. */
export async function endAccessOf(db: Db, email: string): Promise<void> {
  await db.delete(portalSessions).where(sql`lower(${portalSessions.email}) = ${email.toLowerCase()}`);
  await db.delete(portalLinks).where(sql`lower(${portalLinks.email}) = ${email.toLowerCase()}`);
}

export async function insertLink(db: Db, values: typeof portalLinks.$inferInsert): Promise<void> {
  await db.insert(portalLinks).values(values);
}

/** Uses a link up (deleted: it works once); its e-mail while it was still good. */
export async function consumeLink(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(portalLinks)
    .where(and(eq(portalLinks.tokenHash, tokenHash), gt(portalLinks.expiresAt, now)))
    .returning({ email: portalLinks.email });
  return row?.email;
}

export async function insertSession(db: Db, values: typeof portalSessions.$inferInsert): Promise<void> {
  await db.insert(portalSessions).values(values);
}

export async function findSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(portalSessions)
    .where(and(eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.tokenHash, tokenHash));
}

export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(portalLinks).where(lte(portalLinks.expiresAt, now));
  await db.delete(portalSessions).where(lte(portalSessions.expiresAt, now));
}
