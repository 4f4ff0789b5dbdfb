import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chats } from '../chats/chats.tables';
import { aiAssistants } from './assistants.tables';

export type AssistantRow = typeof aiAssistants.$inferSelect;

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

type AssistantValues = Pick<AssistantRow, 'name' | 'description' | 'instructions'>;

/** Own assistants come after the library's in the list. */
const OWN_POSITION = 1000;

export async function insertOwnAssistant(db: Db, ownerId: string, values: AssistantValues): Promise<AssistantRow> {
  const [row] = await db
    .insert(aiAssistants)
    .values({ ...values, ownerId, key: `own-${randomUUID()}`, position: OWN_POSITION })
    .returning();
  return row!;
}

async function lockVisible(tx: Tx, ownerId: string, id: string): Promise<AssistantRow | undefined> {
  const [row] = await tx
    .select()
    .from(aiAssistants)
    .where(and(eq(aiAssistants.id, id), visibleTo(ownerId), eq(aiAssistants.isActive, true)))
    .for('update');
  return row;
}

/** Changes an own assistant; 'library' for a library one, undefined when it is not the professional's. */
export async function updateOwnAssistant(db: Db, ownerId: string, id: string, values: AssistantValues): Promise<AssistantRow | 'library' | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockVisible(tx, ownerId, id);
    if (!current) return undefined;
    if (current.ownerId === null) return 'library';
    const [row] = await tx.update(aiAssistants).set(values).where(eq(aiAssistants.id, id)).returning();
    return row;
  });
}

/** Deletes an own assistant no chat uses ('in-use' otherwise); 'library' for a library one. */
export async function deleteOwnAssistant(db: Db, ownerId: string, id: string): Promise<'deleted' | 'in-use' | 'library' | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockVisible(tx, ownerId, id);
    if (!current) return undefined;
    if (current.ownerId === null) return 'library';
    const [used] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.aiAssistantId, id)).limit(1);
    if (used) return 'in-use';
    await tx.delete(aiAssistants).where(eq(aiAssistants.id, id));
    return 'deleted';
  });
}
