import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

/**
 * The WhatsApp messages received by the webhook and applied (a button's answer, 'PARAR'), by
 * WhatsApp's id: Meta delivers a notification again when it is unsure it arrived, and a message
 * already here is not applied twice. Purged after 30 days.
 */
export const whatsappInboundMessages = pgTable('whatsapp_inbound_messages', {
  messageId: text('message_id').primaryKey(),
  receivedAt: timestamptz('received_at').notNull().default(sql`now()`),
});
