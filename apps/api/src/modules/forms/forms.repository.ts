import type { FormContent } from '@consultorio/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailProfessionalColumns, patientSummaryColumns } from '../../db/selections';
import { patients } from '../patients/patients.tables';
import { qaTemplates } from '../qa-templates/qa-templates.tables';
import { users } from '../users/users.tables';
import { forms } from './forms.tables';

export type FormRow = typeof forms.$inferSelect;
type QaTemplateRow = typeof qaTemplates.$inferSelect;

export interface FormWithTemplate {
  form: FormRow;
  template: QaTemplateRow;
}

/** The patient's forms, newest first, each with its template's name. */
export async function listPatientForms(db: Db, ownerId: string, patientId: string) {
  return db
    .select({ form: forms, templateName: qaTemplates.name })
    .from(forms)
    .innerJoin(qaTemplates, eq(qaTemplates.id, forms.qaTemplateId))
    .where(and(eq(forms.ownerId, ownerId), eq(forms.patientId, patientId)))
    .orderBy(desc(forms.createdAt), desc(forms.id));
}

/** The patient's forms with their templates (the version each was made with), oldest first. */
export async function listPatientFormsWithTemplates(db: Db, ownerId: string, patientId: string): Promise<FormWithTemplate[]> {
  return db
    .select({ form: forms, template: qaTemplates })
    .from(forms)
    .innerJoin(qaTemplates, eq(qaTemplates.id, forms.qaTemplateId))
    .where(and(eq(forms.ownerId, ownerId), eq(forms.patientId, patientId)))
    .orderBy(forms.createdAt, forms.id);
}

export async function insertForm(
  db: Db,
  values: { ownerId: string; patientId: string; qaTemplateId: string; name: string; publicToken: string; publicExpiresAt: Date | null },
  now: Date,
): Promise<FormRow> {
  const [row] = await db
    .insert(forms)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** The owner's form with its template and its patient's names, in one query; undefined when it is not theirs. */
export async function findOwnedForm(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select({ form: forms, template: qaTemplates, patient: patientSummaryColumns })
    .from(forms)
    .innerJoin(qaTemplates, eq(qaTemplates.id, forms.qaTemplateId))
    .innerJoin(patients, eq(patients.id, forms.patientId))
    .where(and(eq(forms.id, id), eq(forms.ownerId, ownerId)));
  return row;
}

/** Changes the owner's form; returns it with its template's name (one statement), or undefined when it is not theirs. */
export async function updateForm(
  db: Db,
  ownerId: string,
  id: string,
  changes: { name?: string | undefined; isLocked?: boolean | undefined; sentAt?: Date; publicExpiresAt?: Date | null },
  now: Date,
): Promise<{ form: FormRow; templateName: string } | undefined> {
  const [row] = await db
    .update(forms)
    .set({ ...changes, updatedAt: now })
    .from(qaTemplates)
    .where(and(eq(forms.id, id), eq(forms.ownerId, ownerId), eq(qaTemplates.id, forms.qaTemplateId)))
    .returning({ form: forms, templateName: qaTemplates.name });
  return row;
}

/**
 * The professional's answers, saved unless the patient has sent the form (checked in the UPDATE
 * itself, so a sending that lands in between wins); says which happened, undefined when not theirs.
 */
export async function saveOwnedContent(
  db: Db,
  ownerId: string,
  id: string,
  content: FormContent,
  now: Date,
): Promise<{ form: FormRow; templateName: string } | 'submitted' | undefined> {
  const [row] = await db
    .update(forms)
    .set({ content, updatedAt: now })
    .from(qaTemplates)
    .where(and(eq(forms.id, id), eq(forms.ownerId, ownerId), isNull(forms.submittedAt), eq(qaTemplates.id, forms.qaTemplateId)))
    .returning({ form: forms, templateName: qaTemplates.name });
  if (row) return row;
  const [existing] = await db.select({ id: forms.id }).from(forms).where(and(eq(forms.id, id), eq(forms.ownerId, ownerId)));
  return existing ? 'submitted' : undefined;
}

/** Deletes the owner's form; returns its patient's id, or undefined when it is not theirs. */
export async function deleteForm(db: Db, ownerId: string, id: string): Promise<string | undefined> {
  const [deleted] = await db
    .delete(forms)
    .where(and(eq(forms.id, id), eq(forms.ownerId, ownerId)))
    .returning({ patientId: forms.patientId });
  return deleted?.patientId;
}

/** Moves the forms made from one template row to another (a kept copy of the version they were made with). */
export async function moveToTemplate(tx: Tx, from: string, to: string): Promise<void> {
  await tx.update(forms).set({ qaTemplateId: to }).where(eq(forms.qaTemplateId, from));
}

/** A form found by its public link, with what the patient may see of it. */
export async function findPublicForm(db: Db, publicToken: string) {
  const [row] = await db
    .select({
      form: forms,
      template: qaTemplates,
      patient: { firstName: patients.firstName, lastName: patients.lastName, gender: patients.gender },
      user: { title: users.title, firstName: users.firstName, lastName: users.lastName, profession: users.profession, gender: users.gender },
    })
    .from(forms)
    .innerJoin(qaTemplates, eq(qaTemplates.id, forms.qaTemplateId))
    .innerJoin(patients, eq(patients.id, forms.patientId))
    .innerJoin(users, eq(users.id, forms.ownerId))
    .where(eq(forms.publicToken, publicToken));
  return row;
}

/** Changes the form of a public link unless it is locked; says which happened. */
async function updateUnlockedByToken(
  db: Db,
  publicToken: string,
  changes: Partial<typeof forms.$inferInsert>,
): Promise<FormRow | 'locked' | undefined> {
  const [row] = await db
    .update(forms)
    .set(changes)
    .where(and(eq(forms.publicToken, publicToken), eq(forms.isLocked, false)))
    .returning();
  if (row) return row;
  const [existing] = await db.select({ id: forms.id }).from(forms).where(eq(forms.publicToken, publicToken));
  return existing ? 'locked' : undefined;
}

/** Saves answers through the public link unless the form is locked; says which happened. */
export function savePublicContent(db: Db, publicToken: string, content: FormContent, now: Date): Promise<FormRow | 'locked' | undefined> {
  return updateUnlockedByToken(db, publicToken, { content, updatedAt: now });
}

/**
 * The patient sends the answers: saved, the form locked and `submittedAt` set in one statement,
 * unless it is already locked; says which happened.
 */
export function submitPublicContent(db: Db, publicToken: string, content: FormContent, now: Date): Promise<FormRow | 'locked' | undefined> {
  return updateUnlockedByToken(db, publicToken, { content, isLocked: true, submittedAt: now, updatedAt: now });
}

/** A form with what its e-mails need: the patient's first name and e-mail, and the professional. */
export async function findFormForMail(db: Db, id: string) {
  const [row] = await db
    .select({
      form: forms,
      patient: { id: patients.id, firstName: patients.firstName, email: patients.email },
      professional: mailProfessionalColumns,
    })
    .from(forms)
    .innerJoin(patients, eq(patients.id, forms.patientId))
    .innerJoin(users, eq(users.id, forms.ownerId))
    .where(eq(forms.id, id));
  return row;
}
