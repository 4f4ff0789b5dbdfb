import { fullNameOf, searchKey, type PatientCreate, type PatientUpdate } from '@consultorio/shared';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withLeanRowMapping } from '../../db/lean-rows';
import { preparedPer } from '../../db/prepared';
import { files, patients, plans, subscriptions, users, type StoredFileValues } from '../../db/schema';

export type PatientRow = typeof patients.$inferSelect;

/** Where a page of the list starts: after this patient in name order. */
export interface PageStart {
  searchName: string;
  id: string;
}

export interface PatientSearch {
  /** Already in `searchKey` form; empty matches everyone. */
  text: string;
  limit: number;
  after: PageStart | undefined;
}

const byName = sql`${patients.searchName} collate "C"`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function matchesSearch(ownerId: string, text: string): SQL {
  const owned = eq(patients.ownerId, ownerId);
  return text ? and(owned, sql`${patients.searchName} like ${`%${escapeLike(text)}%`}`)! : owned;
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
  if (!search.text) return listPage(db, ownerId, search.limit, search.after);
  const matching = matchesSearch(ownerId, search.text);
  const afterStart = search.after
    ? sql`(${byName}, ${patients.id}) > (${search.after.searchName} collate "C", ${search.after.id}::uuid)`
    : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(patients).where(and(matching, afterStart)).orderBy(byName, patients.id).limit(search.limit),
    countMatches(db, matching),
  ]);
  return { rows, total };
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

function namedValues(patient: PatientCreate | PatientUpdate) {
  return { ...patient, searchName: searchKey(fullNameOf(patient)) };
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
      .values({ ...namedValues(patient), ownerId, createdAt: now, updatedAt: now })
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
): Promise<PatientRow | undefined> {
  const [row] = await db
    .update(patients)
    .set({ ...namedValues(patient), updatedAt: now })
    .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
    .returning();
  return row;
}

/**
 * Deletes the patient and, by cascade, everything that hangs from it (chats, forms, records,
 * attachments, file rows) in one transaction. Returns the storage keys of the patient's files,
 * to be removed once the transaction has committed, or undefined when the patient is not the
 * owner's.
 */
export async function deletePatient(db: Db, ownerId: string, id: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
      .for('update');
    if (!deleted) return undefined;
    const stored = await tx
      .delete(files)
      .where(and(eq(files.patientId, id), eq(files.ownerId, ownerId)))
      .returning({ key: files.key });
    await tx.delete(patients).where(eq(patients.id, id));
    return stored.map((file) => file.key);
  });
}

/** Records the new avatar file and points the patient at it; returns the patient and the replaced key. */
export async function replacePatientAvatar(
  db: Db,
  ownerId: string,
  id: string,
  file: StoredFileValues,
  now: Date,
): Promise<{ patient: PatientRow; previousKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.ownerId, ownerId)))
      .for('update');
    if (!current) return undefined;
    await tx.insert(files).values({ ...file, ownerId, patientId: id });
    const [patient] = await tx
      .update(patients)
      .set({ avatarExternalKey: file.key, updatedAt: now })
      .where(eq(patients.id, id))
      .returning();
    const previousKey = current.avatarExternalKey;
    if (previousKey) await tx.delete(files).where(and(eq(files.key, previousKey), eq(files.ownerId, ownerId)));
    return { patient: patient!, previousKey };
  });
}
