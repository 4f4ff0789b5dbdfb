import {
  fullNameOf,
  sendAttachmentsFields,
  type Chat,
  type ChatMessage,
  type ChatMessageContent,
  type ClinicalRecord,
  type PatientSummary,
  type AiAssistant,
} from '@consultorio/shared';
import { estimateTokens, outputReserve } from '../../platform/ai/context-budget';
import { noteAccess } from '../../platform/access-log';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { removeStoredFiles, storeUploadedFile, type NewStoredFile } from '../../platform/stored-files';
import type { ReadEachFile, Upload } from '../../platform/uploads';
import { toAssistant, usableAssistant, type AssistantRow } from '../assistants/assistants.service';
import { forgetStoredFiles, recordStoredFile } from '../files/files.service';
import { ownedForm } from '../forms/forms.service';
import { ownedPatient, toPatientSummary } from '../patients/patients.service';
import { createWrittenRecord, ownedRecord } from '../records/records.service';
import {
  attachmentsContent,
  attachmentsModelText,
  clinicalNoteInstructions,
  formModelText,
  noteHtml,
  recordModelText,
  toModelMessages,
  transcriptForNote,
  transcriptHtml,
  type SentFile,
} from './chat-prompts';
import * as repo from './chats.repository';
import type { ChatMessageRow, ChatRow, ChatWithAssistant, NewChatMessage, ThreadMessage } from './chats.repository';

export type { ChatRow };

export function toChat(row: ChatRow, assistantName: string): Chat {
  return {
    id: row.id,
    externalId: row.externalId,
    name: row.name,
    aiAssistantId: row.aiAssistantId,
    aiAssistantName: assistantName,
    patientId: row.patientId,
    creationDate: row.createdAt.toISOString(),
    lastUpdateDate: row.updatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toChatMessage(row: ThreadMessage): ChatMessage {
  const createdAt = row.createdAt.toISOString();
  return { id: row.id, sender: row.sender, content: row.content, files: row.files, createdAt, creationDate: createdAt };
}

function noteChat(chat: Pick<ChatRow, 'id' | 'patientId'>, action: 'read' | 'create' | 'update' | 'delete'): void {
  noteAccess({ patientId: chat.patientId, action, entityType: 'chat', entityId: chat.id });
}

function toSavedChat({ chat, assistant }: Pick<ChatWithAssistant, 'chat' | 'assistant'>): { chat: Chat; aiAssistant: AiAssistant } {
  return { chat: toChat(chat, assistant.name), aiAssistant: toAssistant(assistant) };
}

export async function listChats(ctx: Context, ownerId: string, patientId: string): Promise<{ chats: Chat[]; patient: PatientSummary }> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const rows = await repo.listPatientChats(ctx.db, ownerId, patientId);
  noteAccess({ patientId, action: 'read', entityType: 'chat', entityId: 'list' });
  return { chats: rows.map(({ chat, assistantName }) => toChat(chat, assistantName)), patient: toPatientSummary(patient) };
}

export async function createChat(ctx: Context, ownerId: string, patientId: string, values: { name: string; aiAssistantId: string }) {
  await ownedPatient(ctx, ownerId, patientId);
  const assistant = await usableAssistant(ctx, ownerId, values.aiAssistantId);
  const chat = await repo.insertChat(ctx.db, { ownerId, patientId, ...values }, ctx.clock.now());
  noteChat(chat, 'create');
  return toSavedChat({ chat, assistant });
}

async function ownedChat(ctx: Context, ownerId: string, id: string): Promise<ChatWithAssistant> {
  const found = await repo.findOwnedChat(ctx.db, ownerId, id);
  if (!found) throw new AppError('CHAT_NOT_FOUND');
  return found;
}

export async function getChat(ctx: Context, ownerId: string, id: string) {
  const found = await ownedChat(ctx, ownerId, id);
  const [rows, patient] = await Promise.all([repo.listMessages(ctx.db, id), ownedPatient(ctx, ownerId, found.chat.patientId)]);
  noteChat(found.chat, 'read');
  return { ...toSavedChat(found), chatsMessages: rows.map(toChatMessage), patient: toPatientSummary(patient) };
}

export async function updateChat(ctx: Context, ownerId: string, id: string, values: { name: string; aiAssistantId: string }) {
  const assistant = await usableAssistant(ctx, ownerId, values.aiAssistantId);
  const chat = await repo.updateChat(ctx.db, ownerId, id, values, ctx.clock.now());
  if (!chat) throw new AppError('CHAT_NOT_FOUND');
  noteChat(chat, 'update');
  return toSavedChat({ chat, assistant });
}

export async function deleteChat(ctx: Context, ownerId: string, id: string): Promise<void> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const doomed = await repo.lockDoomedChat(tx, ownerId, id);
    if (!doomed) throw new AppError('CHAT_NOT_FOUND');
    const keys = await forgetStoredFiles(tx, ownerId, doomed.sentKeys);
    await repo.deleteChat(tx, id);
    return { keys, patientId: doomed.patientId };
  });
  noteChat({ id, patientId: deleted.patientId }, 'delete');
  await removeStoredFiles(ctx, deleted.keys);
}

// ---- sending ----

/** What the professional sends: text, a form, a record, files, or nothing new (a retry of an unanswered message). */
export type SendInput =
  | { kind: 'text'; userText: string }
  | { kind: 'form'; formId: string }
  | { kind: 'record'; recordId: string }
  | { kind: 'attachments'; read: (onField: (name: string, value: string) => void) => ReadEachFile }
  | { kind: 'retry' };

/** A message of the professional, ready to store: what the thread shows and what the model reads. */
interface Outgoing {
  content: ChatMessageContent;
  modelText: string;
  /** Files already in storage, recorded with the message. */
  files?: Array<NewStoredFile & { basename: string }>;
}

/**
 * Adds a message to the owner's chat, with the rows of the files sent in it, and moves the
 * chat's last update; undefined when the chat is gone or not theirs.
 */
async function storeMessage(ctx: Context, ownerId: string, chatId: string, message: NewChatMessage & Pick<Outgoing, 'files'>): Promise<ChatMessageRow | undefined> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const chat = await repo.touchChat(tx, ownerId, chatId, now);
    if (!chat) return undefined;
    const { files, ...values } = message;
    const row = await repo.insertMessage(tx, chatId, values, now);
    for (const { basename, ...file } of files ?? []) {
      await recordStoredFile(tx, { ownerId, patientId: chat.patientId }, file, now);
      await repo.insertAttachment(tx, { messageId: row.id, fileKey: file.key, basename }, now);
    }
    return row;
  });
}

/** The chat's patient's form; another patient's or another professional's answers 404. */
async function formMessage(ctx: Context, chat: ChatRow, formId: string): Promise<Outgoing> {
  const found = await ownedForm(ctx, chat.ownerId, formId);
  if (found.form.patientId !== chat.patientId) throw new AppError('FORM_NOT_FOUND');
  return { content: { form: found.form.name }, modelText: formModelText(found) };
}

async function recordMessage(ctx: Context, chat: ChatRow, recordId: string, timeZone: string): Promise<Outgoing> {
  const record = await ownedRecord(ctx, chat.ownerId, recordId);
  if (record.patientId !== chat.patientId) throw new AppError('RECORD_NOT_FOUND');
  return { content: { record: record.name }, modelText: await recordModelText(record, timeZone) };
}

/** Files read from an upload: stored as they arrive, their text read for the model. */
class SentFiles {
  readonly sent: SentFile[] = [];
  readonly stored: Array<NewStoredFile & { basename: string }> = [];

  constructor(private readonly ctx: Context) {}

  async add(upload: Upload): Promise<void> {
    const file = await storeUploadedFile(this.ctx, 'chat', upload);
    this.stored.push(file);
    const extracted = await this.ctx.extractor.extract({ path: upload.path, filename: upload.filename, contentType: file.contentType });
    this.sent.push({ name: file.basename, extracted });
  }

  message(userText: string | undefined): Outgoing {
    return {
      content: attachmentsContent(this.sent, userText),
      modelText: attachmentsModelText(this.sent, userText),
      files: this.stored,
    };
  }

  /** Removes what was stored when the message is not saved after all. */
  async discard(): Promise<void> {
    await removeStoredFiles(this.ctx, this.stored.map((file) => file.key));
  }
}

/**
 * The files and text fields of a send-attachments body, read once the chat is known to be the
 * professional's (so nothing is stored for another's); whatever was stored is removed again
 * when the body turns out to be bad.
 */
async function attachmentsMessage(ctx: Context, read: Extract<SendInput, { kind: 'attachments' }>['read']): Promise<Outgoing> {
  const files = new SentFiles(ctx);
  const fields: Record<string, string> = {};
  try {
    const count = await read((name, value) => {
      fields[name] = value;
    })((upload) => files.add(upload));
    if (count === 0) throw new AppError('ATTACHMENTS_MISSING');
    const parsed = sendAttachmentsFields.safeParse(fields);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    return files.message(parsed.data.userText || undefined);
  } catch (error) {
    await files.discard();
    throw error;
  }
}

async function outgoingOf(ctx: Context, { chat, timeZone }: ChatWithAssistant, input: SendInput): Promise<Outgoing | null> {
  switch (input.kind) {
    case 'text':
      return { content: { text: input.userText }, modelText: input.userText };
    case 'form':
      return formMessage(ctx, chat, input.formId);
    case 'record':
      return recordMessage(ctx, chat, input.recordId, timeZone);
    case 'attachments':
      return attachmentsMessage(ctx, input.read);
    case 'retry':
      return null;
  }
}

/** A sent message waiting for the assistant: `answer` asks the model and resolves with the thread. */
export interface PendingAnswer {
  answer(onDelta?: (text: string) => void): Promise<{ chatsMessages: ChatMessage[] }>;
}

/**
 * Stores the professional's message in their chat (nothing new for a retry) and checks there is
 * something to answer, all before any model call or streamed byte; the answer comes from the
 * chat's assistant, never from the request.
 */
export async function send(ctx: Context, ownerId: string, chatId: string, input: SendInput): Promise<PendingAnswer> {
  const found = await ownedChat(ctx, ownerId, chatId);
  const outgoing = await outgoingOf(ctx, found, input);
  if (outgoing) {
    const row = await storeMessage(ctx, ownerId, chatId, { sender: 'user', ...outgoing });
    if (!row) throw new AppError('CHAT_NOT_FOUND');
  }
  const rows = await repo.listMessages(ctx.db, chatId);
  if (rows.at(-1)?.sender !== 'user') throw new AppError('NOTHING_TO_ANSWER');
  noteChat(found.chat, 'update');
  return { answer: (onDelta) => answer(ctx, ownerId, chatId, { assistant: found.assistant, rows }, onDelta) };
}

/**
 * Asks the assistant to answer the thread and stores the answer; returns the thread. When the
 * model fails, the professional's message stays and the error says to try again.
 */
async function answer(
  ctx: Context,
  ownerId: string,
  chatId: string,
  { assistant, rows }: { assistant: AssistantRow; rows: ChatMessageRow[] },
  onDelta?: (text: string) => void,
): Promise<{ chatsMessages: ChatMessage[] }> {
  const text = await ctx.ai.answer({ instructions: assistant.instructions, messages: toModelMessages(rows) }, onDelta);
  const reply = await storeMessage(ctx, ownerId, chatId, { sender: 'other', content: { text }, modelText: text });
  if (!reply) throw new AppError('CHAT_NOT_FOUND');
  return { chatsMessages: (await repo.listMessages(ctx.db, chatId)).map(toChatMessage) };
}

// ---- a record from the chat ----

/** The newest turns that fit the model's window for the note, oldest first. */
function turnsThatFit(rows: readonly ChatMessageRow[], contextTokens: number): ChatMessageRow[] {
  let budget = contextTokens - outputReserve(contextTokens) - estimateTokens(clinicalNoteInstructions) - 200;
  const kept: ChatMessageRow[] = [];
  for (const row of [...rows].reverse()) {
    budget -= estimateTokens(row.modelText) + 10;
    if (budget < 0 && kept.length > 0) break;
    kept.unshift(row);
  }
  return kept;
}

/**
 * A record written from a chat: a structured clinical note by the model, or, offline, a dated
 * transcript marked as such. Stored with the assistant's name.
 */
export async function recordFromChat(
  ctx: Context,
  ownerId: string,
  patientId: string,
  chatId: string,
  name: string,
): Promise<ClinicalRecord> {
  const patient = await ownedPatient(ctx, ownerId, patientId);
  const { chat, assistant, timeZone } = await ownedChat(ctx, ownerId, chatId);
  if (chat.patientId !== patientId) throw new AppError('CHAT_NOT_FOUND');
  const rows = await repo.listMessages(ctx.db, chatId);
  if (rows.length === 0) throw new AppError('CHAT_EMPTY');
  const patientName = fullNameOf(patient);
  const html = ctx.ai.isOffline
    ? transcriptHtml({ chatName: chat.name, assistantName: assistant.name, patientName, rows, now: ctx.clock.now(), timeZone })
    : noteHtml(
        await ctx.ai.answer({
          instructions: clinicalNoteInstructions,
          messages: [{ role: 'user', content: transcriptForNote(chat.name, patientName, turnsThatFit(rows, ctx.ai.contextTokens), timeZone) }],
        }),
      );
  return createWrittenRecord(ctx, { ownerId, patientId, name, html, aiAssistantName: assistant.name });
}

/** The patient's chats for the export of their file, each with its thread, oldest first. */
export async function exportChats(ctx: Context, ownerId: string, patientId: string) {
  const rows = (await repo.listPatientChats(ctx.db, ownerId, patientId)).reverse();
  return Promise.all(
    rows.map(async ({ chat, assistantName }) => ({
      ...toChat(chat, assistantName),
      messages: (await repo.listMessages(ctx.db, chat.id)).map(toChatMessage),
    })),
  );
}
