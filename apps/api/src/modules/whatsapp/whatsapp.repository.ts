import { lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { whatsappInboundMessages } from './whatsapp.tables';

/** Notes a received message; false when it was already there (Meta delivered it again). */
export async function noteInbound(db: Db | Tx, messageId: string, now: Date): Promise<boolean> {
  const inserted = await db.insert(whatsappInboundMessages).values({ messageId, receivedAt: now }).onConflictDoNothing().returning({ messageId: whatsappInboundMessages.messageId });
  return inserted.length > 0;
}

export async function deleteInboundBefore(db: Db, before: Date): Promise<void> {
  await db.delete(whatsappInboundMessages).where(lt(whatsappInboundMessages.receivedAt, before));
}
