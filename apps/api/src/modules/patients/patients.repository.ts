import { fullNameOf, searchKey, type PatientCreate, type PatientUpdate } from '@consultorio/shared';
import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withLeanRowMapping } from '../../db/lean-rows';
import { preparedPer } from '../../db/prepared';
import { plans, subscriptions } from '../billing/billing.tables';
import { records } from '../records/records.tables';
import { users } from '../users/users.tables';
import { patients } from './patients.tables';

export type PatientRow = typeof patients.$inferSelect;

/** Where a page of the list starts: after this patient in name order. */
export interface PageStart {
  searchName: string;
  id: string;
}

export interface PatientSearch {
  /** In `searchKey` form (`searchWords`), each to be found on its own; none matches everyone. */
  words: readonly string[];
  limit: number;
  after: PageStart | undefined;
}

const byName = sql`${patients.searchName} collate "C"`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The owner's patients whose name holds every word: one `LIKE '%word%'` each, all served by
 * the one trigram index (GIN intersects their trigrams in a single index scan).
 */
function matchingWords(ownerId: string, words: readonly string[]): SQL {
  return and(eq(patients.ownerId, ownerId), ...words.map((word) => sql`${patients.searchName} like ${`%${escapeLike(word)}%`}`))!;
}

function prepareFirstPage(db: Db) {
  const prepared = db
    .select()
    .from(patients)
    .where(eq(patients.ownerId, sql.placeholder('ownerId')))
    .orderBy(byName, patients.id)
    .limit(sql.placeholder('limit'))
    .prepare('patients_first_page');
  return withLeanRowMapping(prepared);
}

function prepareNextPage(db: Db) {
  const prepared = db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.ownerId, sql.placeholder('ownerId')),
        sql`(${byName}, ${patients.id}) > (${sql.placeholder('afterName')} collate "C", ${sql.placeholder('afterId')}::uuid)`,
      ),
    )
    .orderBy(byName, patients.id)
    .limit(sql.placeholder('limit'))
    .prepare('patients_next_page');
  return withLeanRowMapping(prepared);
}

function preparePatientCount(db: Db) {
  return db.select({ total: users.patientCount }).from(users).where(eq(users.id, sql.placeholder('ownerId'))).prepare('patients_count');
}

/**
 * The list without a search, the API's most frequent read, as prepared statements.
 * (Searches stay unprepared: a generic plan cannot see how selective the pattern is.)
 */
const preparedList = preparedPer((db) => ({ first: prepareFirstPage(db), next: prepareNextPage(db), count: preparePatientCount(db) }));

async function listPage(db: Db, ownerId: string, limit: number, after: PageStart | undefined): Promise<{ rows: PatientRow[]; total: number }> {
  const prepared = preparedList(db);
  const [rows, [count]] = await Promise.all([
    after ? prepared.next.execute({ ownerId, limit, afterName: after.searchName, afterId: after.id }) : prepared.first.execute({ ownerId, limit }),
    prepared.count.execute({ ownerId }),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One page of the owner's patients in name order, and how many match in all. */
export async function searchPatients(
  db: Db,
  ownerId: string,
  search: PatientSearch,
): Promise<{ rows: PatientRow[]; total: number }> {
  if (search.words.length === 0) return listPage(db, ownerId, search.limit, search.after);
  const [rows, total] = await Promise.all([searchPageQuery(db, ownerId, search), countMatches(db, matchingWords(ownerId, search.words))]);
  return { rows, total };
}

/** The page of a search with words, in name order (its plan is checked by the tests). */
export function searchPageQuery(db: Db, ownerId: string, search: PatientSearch) {
  const afterStart = search.after
    ? sql`(${byName}, ${patients.id}) > (${search.after.searchName} collate "C", ${search.after.id}::uuid)`
    : undefined;
  return db.select().from(patients).where(and(matchingWords(ownerId, search.words), afterStart)).orderBy(byName, patients.id).limit(search.limit);
}

async function countMatches(db: Db, matching: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(patients).where(matching);
  return row?.total ?? 0;
}

export async function findPatient(db: Db | Tx, ownerId: string, id: string): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)));
  return row;
}

function namedValues(patient: PatientCreate) {
  const { whatsappOptIn: _consent, ...values } = patient;
  return { ...values, searchName: searchKey(fullNameOf(patient)) };
}

/** A new patient's WhatsApp consent, dated now when given. */
function newConsent(patient: PatientCreate, now: Date) {
  const optIn = patient.whatsappOptIn === true && patient.phone !== null;
  return { whatsappOptIn: optIn, whatsappOptInAt: optIn ? now : null };
}

/**
 * An edit's WhatsApp consent: the one sent, else the stored one; none without a phone. A consent
 * kept keeps its date; a new one is dated now; a withdrawn one loses it.
 */
function editedConsent(patient: PatientUpdate, now: Date) {
  const optIn =
    patient.phone === null ? sql`false` : patient.whatsappOptIn === undefined ? sql`${patients.whatsappOptIn}` : sql`${patient.whatsappOptIn}::boolean`;
  return {
    whatsappOptIn: optIn,
    whatsappOptInAt: sql`case when ${optIn} then coalesce(${patients.whatsappOptInAt}, ${now.toISOString()}::timestamptz) else null end`,
    // A consent given anew (after a 'PARAR') clears the stop; otherwise it stays shown.
    whatsappStoppedAt: sql`case when ${optIn} then null else ${patients.whatsappStoppedAt} end`,
  };
}

/**
 * Withdraws the WhatsApp consent of every patient with that number, in any of its forms ('PARAR' sent to the app's
 * number stops its messages, whichever professional's patient wrote); answers the patients changed.
 */
export async function optOutWhatsappByPhone(db: Db | Tx, e164DigitsForms: string[], now: Date): Promise<Array<{ id: string; ownerId: string }>> {
  return db
    .update(patients)
    .set({ whatsappOptIn: false, whatsappOptInAt: null, whatsappStoppedAt: now, updatedAt: now })
    .where(and(eq(patients.whatsappOptIn, true), inArray(sql`regexp_replace(${patients.cc}, '[^0-9]', '', 'g') || ${patients.phone}`, e164DigitsForms)))
    .returning({ id: patients.id, ownerId: patients.ownerId });
}

/**
 * Inserts the patient unless the owner's plan is full. The owner's row is locked first, so two
 * creations racing for the last place cannot both pass; the count comes from the counter the
 * trigger keeps. A professional without a subscription has no limit.
 */
export async function insertPatient(
  db: Db,
  ownerId: string,
  patient: PatientCreate,
  now: Date,
): Promise<PatientRow | { limit: number }> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ count: users.patientCount, limit: plans.patientsLimit })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(users.id, ownerId))
      .for('update', { of: users });
    if (owner?.limit != null && owner.count >= owner.limit) return { limit: owner.limit };
    const [row] = await tx
      .insert(patients)
      .values({ ...namedValues(patient), ...newConsent(patient, now), ownerId, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}

export async function updatePatient(
  db: Db,
  ownerId: string,
  id: string,
  patient: PatientUpdate,
  now: Date,
): Promise<(PatientRow & { wasWhatsappOptIn: boolean }) | undefined> {
  // The row locked first: whether the edit gave or withdrew the WhatsApp consent (for the access
  // log) is told against what it changed, even with a 'PARAR' arriving meanwhile.
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ whatsappOptIn: patients.whatsappOptIn })
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
      .for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(patients)
      .set({ ...namedValues(patient), ...editedConsent(patient, now), updatedAt: now })
      .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
      .returning();
    return row && { ...row, wasWhatsappOptIn: before.whatsappOptIn };
  });
}

/** How many of the patient's records are finalized (the caller has checked the patient is the owner's). */
export async function countFinalizedRecords(db: Db | Tx, patientId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(records)
    .where(and(eq(records.patientId, patientId), isNotNull(records.finalizedAt)));
  return row?.total ?? 0;
}

/**
 * The patient's records locked, and how many are finalized: a record being finalized meanwhile
 * is counted (its finalization waits for the deletion, or the deletion for it).
 */
async function lockFinalizedRecords(tx: Tx, patientId: string): Promise<number> {
  const rows = await tx.select({ finalizedAt: records.finalizedAt }).from(records).where(eq(records.patientId, patientId)).for('update');
  return rows.filter((row) => row.finalizedAt !== null).length;
}

/** The patient about to be deleted: their names, and how many finalized records would go with them. */
export interface DoomedPatient {
  firstName: string;
  lastName: string | null;
  finalizedRecords: number;
}

/**
 * The owner's patient about to be deleted, locked, with how many finalized records would go with
 * them; undefined when not the owner's.
 */
export async function lockDoomedPatient(tx: Tx, ownerId: string, id: string): Promise<DoomedPatient | undefined> {
  const [doomed] = await tx
    .select({ firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
    .for('update');
  return doomed ? { ...doomed, finalizedRecords: await lockFinalizedRecords(tx, id) } : undefined;
}

/** Deletes the patient and, by cascade, everything that hangs from it (chats, forms, records, attachments). */
export async function deletePatient(tx: Tx, id: string): Promise<void> {
  await tx.delete(patients).where(eq(patients.id, id));
}

/** Points the owner's patient at a new avatar; answers the patient as changed and the key it replaced, undefined when not theirs. */
export async function setPatientAvatar(
  tx: Tx,
  ownerId: string,
  id: string,
  key: string,
  now: Date,
): Promise<{ patient: PatientRow; previousKey: string | null } | undefined> {
  const [current] = await tx
    .select({ key: patients.avatarExternalKey })
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
    .for('update');
  if (!current) return undefined;
  const [patient] = await tx.update(patients).set({ avatarExternalKey: key, updatedAt: now }).where(eq(patients.id, id)).returning();
  return { patient: patient!, previousKey: current.key };
}

/** The owner's patient with this e-mail (compared without case), the oldest when several share it. */
export async function findPatientByEmail(db: Db | Tx, ownerId: string, email: string): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.ownerId, ownerId), sql`lower(${patients.email}) = ${email.toLowerCase()}`))
    .orderBy(patients.createdAt)
    .limit(1);
  return row;
}
