import type { ChatMessageContent, ChatSender } from '@consultorio/shared';
import { bigserial, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { aiAssistants } from '../assistants/assistants.tables';
import { files } from '../files/files.tables';
import { patients } from '../patients/patients.tables';
import { users } from '../users/users.tables';

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    aiAssistantId: uuid('ai_assistant_id')
      .notNull()
      .references(() => aiAssistants.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /** Null until the name, the assistant or the thread first changes. */
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [index('chats_patient_created_idx').on(t.patientId, t.createdAt), index('chats_owner_idx').on(t.ownerId)],
);

/**
 * One message of a chat. `content` is what the thread shows; `modelText` is what the model
 * reads for it (a form's answers, a record's text, the text extracted from files), kept so
 * later turns send the same history without reading the files again.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The thread's order: two messages stored in the same millisecond still keep theirs. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<ChatSender>().notNull(),
    content: jsonb('content').$type<ChatMessageContent>().notNull(),
    modelText: text('model_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_chat_seq_idx').on(t.chatId, t.seq)],
);

/** A file sent in a chat; the stored object's row in `files` carries the patient too. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    basename: text('basename').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId), uniqueIndex('chat_attachments_file_key').on(t.fileKey)],
);
