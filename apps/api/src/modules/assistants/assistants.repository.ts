import type { AiAssistant } from '@consultorio/shared';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiAssistants } from '../../db/schema';

export type AssistantRow = typeof aiAssistants.$inferSelect;

export function toAssistant(row: Pick<AssistantRow, 'id' | 'externalId' | 'name' | 'description'>): AiAssistant {
  return { id: row.id, externalId: row.externalId, name: row.name, description: row.description };
}

/** The library's assistants and the professional's own ones. */
const visibleTo = (ownerId: string) => or(isNull(aiAssistants.ownerId), eq(aiAssistants.ownerId, ownerId));

export async function listVisibleAssistants(db: Db, ownerId: string): Promise<AssistantRow[]> {
  return db
    .select()
    .from(aiAssistants)
    .where(and(visibleTo(ownerId), eq(aiAssistants.isActive, true)))
    .orderBy(asc(aiAssistants.position), asc(aiAssistants.name));
}

export async function findVisibleAssistant(db: Db, ownerId: string, id: string): Promise<AssistantRow | undefined> {
  const [row] = await db
    .select()
    .from(aiAssistants)
    .where(and(eq(aiAssistants.id, id), visibleTo(ownerId), eq(aiAssistants.isActive, true)));
  return row;
}
