import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { forms, qaTemplates } from '../../db/schema';

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
async function lockCurrent(tx: Tx, ownerId: string, id: string): Promise<QaTemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(qaTemplates)
    .where(and(eq(qaTemplates.id, id), eq(qaTemplates.isCurrent, true), visibleTo(ownerId)))
    .for('update');
  return row;
}

/**
 * Changes an own template in place, so its id stays; forms made from it first move to a copy of
 * the version they were made with, which is kept (not current) beside it. 'library' for a
 * library template, undefined when it is not the professional's.
 */
export async function updateOwnTemplate(
  db: Db,
  ownerId: string,
  id: string,
  values: TemplateValues,
): Promise<QaTemplateRow | 'library' | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockCurrent(tx, ownerId, id);
    if (!current) return undefined;
    if (current.ownerId === null) return 'library';
    const [updated] = await tx
      .update(qaTemplates)
      .set({ ...values, version: current.version + 1 })
      .where(eq(qaTemplates.id, id))
      .returning();
    const [used] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.qaTemplateId, id)).limit(1);
    if (used) {
      const { id: _id, createdAt: _createdAt, ...previous } = current;
      const [kept] = await tx.insert(qaTemplates).values({ ...previous, isCurrent: false }).returning({ id: qaTemplates.id });
      await tx.update(forms).set({ qaTemplateId: kept!.id }).where(eq(forms.qaTemplateId, id));
    }
    return updated;
  });
}

/**
 * Deletes an own template with its kept versions, unless a form uses any of them ('in-use').
 * 'library' for a library template, undefined when it is not the professional's.
 */
export async function deleteOwnTemplate(db: Db, ownerId: string, id: string): Promise<'deleted' | 'in-use' | 'library' | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockCurrent(tx, ownerId, id);
    if (!current) return undefined;
    if (current.ownerId === null) return 'library';
    const versions = tx.select({ id: qaTemplates.id }).from(qaTemplates).where(eq(qaTemplates.key, current.key));
    const [used] = await tx.select({ id: forms.id }).from(forms).where(inArray(forms.qaTemplateId, versions)).limit(1);
    if (used) return 'in-use';
    await tx.delete(qaTemplates).where(and(eq(qaTemplates.key, current.key), eq(qaTemplates.ownerId, ownerId)));
    return 'deleted';
  });
}
