import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { forms } from '../forms/forms.tables';
import { qaTemplates } from './qa-templates.tables';

export type QaTemplateRow = typeof qaTemplates.$inferSelect;

function visibleTo(ownerId: string) {
  return or(isNull(qaTemplates.ownerId), eq(qaTemplates.ownerId, ownerId));
}

/** The templates a professional can start a form from: the current library and their own. */
export async function listCurrentTemplates(db: Db, ownerId: string): Promise<QaTemplateRow[]> {
  return db
    .select()
    .from(qaTemplates)
    .where(and(eq(qaTemplates.isCurrent, true), visibleTo(ownerId)))
    .orderBy(asc(qaTemplates.name));
}

export async function findCurrentTemplate(db: Db | Tx, ownerId: string, id: string): Promise<QaTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(qaTemplates)
    .where(and(eq(qaTemplates.id, id), eq(qaTemplates.isCurrent, true), visibleTo(ownerId)));
  return row;
}

type TemplateValues = Pick<QaTemplateRow, 'name' | 'description' | 'content' | 'scoring'>;

export async function insertOwnTemplate(db: Db, ownerId: string, values: TemplateValues): Promise<QaTemplateRow> {
  const [row] = await db
    .insert(qaTemplates)
    .values({ ...values, ownerId, key: `own-${randomUUID()}`, version: 1, isCurrent: true })
    .returning();
  return row!;
}

/** The current row of a template, locked for a change, when the professional may see it. */
export async function lockCurrent(tx: Tx, ownerId: string, id: string): Promise<QaTemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(qaTemplates)
    .where(and(eq(qaTemplates.id, id), eq(qaTemplates.isCurrent, true), visibleTo(ownerId)))
    .for('update');
  return row;
}

/** Changes a template in place (its id stays) as its next version. */
export async function updateInPlace(tx: Tx, current: QaTemplateRow, values: TemplateValues): Promise<QaTemplateRow> {
  const [updated] = await tx
    .update(qaTemplates)
    .set({ ...values, version: current.version + 1 })
    .where(eq(qaTemplates.id, current.id))
    .returning();
  return updated!;
}

/** Whether a form was made from this template row. */
export async function isTemplateUsed(tx: Tx, id: string): Promise<boolean> {
  const [used] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.qaTemplateId, id)).limit(1);
  return used !== undefined;
}

/** A copy of a template's row as it was, kept (not current) for the forms made from it; answers its id. */
export async function insertKeptVersion(tx: Tx, previous: QaTemplateRow): Promise<string> {
  const { id: _id, createdAt: _createdAt, ...values } = previous;
  const [kept] = await tx.insert(qaTemplates).values({ ...values, isCurrent: false }).returning({ id: qaTemplates.id });
  return kept!.id;
}

/** Deletes an own template with its kept versions, unless a form uses any of them (false). */
export async function deleteUnusedTemplate(tx: Tx, ownerId: string, current: QaTemplateRow): Promise<boolean> {
  const versions = tx.select({ id: qaTemplates.id }).from(qaTemplates).where(eq(qaTemplates.key, current.key));
  const [used] = await tx.select({ id: forms.id }).from(forms).where(inArray(forms.qaTemplateId, versions)).limit(1);
  if (used) return false;
  await tx.delete(qaTemplates).where(and(eq(qaTemplates.key, current.key), eq(qaTemplates.ownerId, ownerId)));
  return true;
}
