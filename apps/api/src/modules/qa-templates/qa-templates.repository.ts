import type { QaTemplate } from '@consultorio/shared';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { qaTemplates } from '../../db/schema';

export type QaTemplateRow = typeof qaTemplates.$inferSelect;

export function toQaTemplate(row: QaTemplateRow): QaTemplate {
  return { id: row.id, name: row.name, description: row.description, content: row.content, scoring: row.scoring ?? null };
}

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
