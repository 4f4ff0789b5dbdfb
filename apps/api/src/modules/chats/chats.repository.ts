import type { ChatMessageContent, ChatMessageFile, ChatSender } from '@consultorio/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { aiAssistants } from '../assistants/assistants.tables';
import { users } from '../users/users.tables';
import { chatAttachments, chatMessages, chats } from './chats.tables';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
type AssistantRow = typeof aiAssistants.$inferSelect;

/** A message of the thread with the files sent in it. */
export type ThreadMessage = ChatMessageRow & { files: ChatMessageFile[] };

/** The patient's chats, newest first, each with its assistant's name. */
export async function listPatientChats(db: Db, ownerId: string, patientId: string) {
  return db
    .select({ chat: chats, assistantName: aiAssistants.name })
    .from(chats)
    .innerJoin(aiAssistants, eq(aiAssistants.id, chats.aiAssistantId))
    .where(and(eq(chats.ownerId, ownerId), eq(chats.patientId, patientId)))
    .orderBy(desc(chats.createdAt), desc(chats.id));
}

export async function insertChat(
  db: Db,
  values: { ownerId: string; patientId: string; aiAssistantId: string; name: string },
  now: Date,
): Promise<ChatRow> {
  const [row] = await db
    .insert(chats)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

export interface ChatWithAssistant {
  chat: ChatRow;
  assistant: AssistantRow;
  /** The professional's time zone: times the assistant reads are in it. */
  timeZone: string;
}

/** The owner's chat with its assistant and the owner's time zone; undefined when it is not theirs. */
export async function findOwnedChat(db: Db, ownerId: string, id: string): Promise<ChatWithAssistant | undefined> {
  const [row] = await db
    .select({ chat: chats, assistant: aiAssistants, timeZone: users.timeZone })
    .from(chats)
    .innerJoin(aiAssistants, eq(aiAssistants.id, chats.aiAssistantId))
    .innerJoin(users, eq(users.id, chats.ownerId))
    .where(and(eq(chats.id, id), eq(chats.ownerId, ownerId)));
  return row;
}

export async function updateChat(
  db: Db,
  ownerId: string,
  id: string,
  changes: { name: string; aiAssistantId: string },
  now: Date,
): Promise<ChatRow | undefined> {
  const [row] = await db
    .update(chats)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(chats.id, id), eq(chats.ownerId, ownerId)))
    .returning();
  return row;
}

/** The owner's chat, locked to be deleted, with its patient and the storage keys of the files sent in it; undefined when not theirs. */
export async function lockDoomedChat(tx: Tx, ownerId: string, id: string): Promise<{ patientId: string; sentKeys: string[] } | undefined> {
  const [chat] = await tx
    .select({ id: chats.id, patientId: chats.patientId })
    .from(chats)
    .where(and(eq(chats.id, id), eq(chats.ownerId, ownerId)))
    .for('update');
  if (!chat) return undefined;
  const sent = await tx
    .select({ key: chatAttachments.fileKey })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .where(eq(chatMessages.chatId, id));
  return { patientId: chat.patientId, sentKeys: sent.map((row) => row.key) };
}

/** Deletes the chat with its messages (by cascade). */
export async function deleteChat(tx: Tx, id: string): Promise<void> {
  await tx.delete(chats).where(eq(chats.id, id));
}

/** The thread, oldest first, each message with its files (read only when some message has any). */
export async function listMessages(db: Db, chatId: string): Promise<ThreadMessage[]> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.seq));
  const filesOf = new Map<string, ChatMessageFile[]>();
  if (rows.some((row) => row.content.attachments?.length)) {
    const links = await db
      .select({ messageId: chatAttachments.messageId, name: chatAttachments.basename, externalKey: chatAttachments.fileKey })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(asc(chatAttachments.createdAt), asc(chatAttachments.basename));
    for (const { messageId, ...file } of links) filesOf.set(messageId, [...(filesOf.get(messageId) ?? []), file]);
  }
  return rows.map((row) => ({ ...row, files: filesOf.get(row.id) ?? [] }));
}

export interface NewChatMessage {
  sender: ChatSender;
  content: ChatMessageContent;
  modelText: string;
}

/** Moves the owner's chat's last update; answers its patient, undefined when the chat is gone or not theirs. */
export async function touchChat(tx: Tx, ownerId: string, chatId: string, now: Date): Promise<{ patientId: string } | undefined> {
  const [chat] = await tx
    .update(chats)
    .set({ updatedAt: now })
    .where(and(eq(chats.id, chatId), eq(chats.ownerId, ownerId)))
    .returning({ patientId: chats.patientId });
  return chat;
}

export async function insertMessage(tx: Tx, chatId: string, message: NewChatMessage, now: Date): Promise<ChatMessageRow> {
  const [row] = await tx
    .insert(chatMessages)
    .values({ chatId, sender: message.sender, content: message.content, modelText: message.modelText, createdAt: now })
    .returning();
  return row!;
}

/** A file sent in a message (its row in `files` already recorded). */
export async function insertAttachment(tx: Tx, attachment: { messageId: string; fileKey: string; basename: string }, now: Date): Promise<void> {
  await tx.insert(chatAttachments).values({ ...attachment, createdAt: now });
}
