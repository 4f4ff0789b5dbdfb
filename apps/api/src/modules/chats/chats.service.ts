import { fullNameOf, limits, messages, type ChatMessageContent } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { estimateTokens, outputReserve } from '../../platform/ai/context-budget';
import { AppError } from '../../platform/errors';
import { removeStoredFiles, storeUploadedFile, type NewStoredFile } from '../../platform/stored-files';
import { extractText } from '../../platform/text-extraction';
import type { Upload } from '../../platform/uploads';
import { findVisibleAssistant, type AssistantRow } from '../assistants/assistants.repository';
import * as forms from '../forms/forms.repository';
import { getPatient } from '../patients/patients.service';
import * as records from '../records/records.repository';
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
import type { ChatMessageRow, ChatRow, ChatWithAssistant } from './chats.repository';

export async function listChats(ctx: Context, ownerId: string, patientId: string) {
  const patient = await getPatient(ctx, ownerId, patientId);
  return { rows: await repo.listPatientChats(ctx.db, ownerId, patientId), patient };
}

async function visibleAssistant(ctx: Context, ownerId: string, id: string): Promise<AssistantRow> {
  const assistant = await findVisibleAssistant(ctx.db, ownerId, id);
  if (!assistant) throw new AppError('ASSISTANT_NOT_FOUND');
  return assistant;
}

export async function createChat(
  ctx: Context,
  ownerId: string,
  patientId: string,
  values: { name: string; aiAssistantId: string },
): Promise<ChatWithAssistant> {
  await getPatient(ctx, ownerId, patientId);
  const assistant = await visibleAssistant(ctx, ownerId, values.aiAssistantId);
  const chat = await repo.insertChat(ctx.db, { ownerId, patientId, ...values }, ctx.clock.now());
  return { chat, assistant };
}

export async function ownedChat(ctx: Context, ownerId: string, id: string): Promise<ChatWithAssistant> {
  const found = await repo.findOwnedChat(ctx.db, ownerId, id);
  if (!found) throw new AppError('CHAT_NOT_FOUND');
  return found;
}

export async function getChat(ctx: Context, ownerId: string, id: string) {
  const { chat, assistant } = await ownedChat(ctx, ownerId, id);
  const [rows, patient] = await Promise.all([repo.listMessages(ctx.db, id), getPatient(ctx, ownerId, chat.patientId)]);
  return { chat, assistant, rows, patient };
}

export async function updateChat(
  ctx: Context,
  ownerId: string,
  id: string,
  values: { name: string; aiAssistantId: string },
): Promise<ChatWithAssistant> {
  const assistant = await visibleAssistant(ctx, ownerId, values.aiAssistantId);
  const chat = await repo.updateChat(ctx.db, ownerId, id, values, ctx.clock.now());
  if (!chat) throw new AppError('CHAT_NOT_FOUND');
  return { chat, assistant };
}

export async function deleteChat(ctx: Context, ownerId: string, id: string): Promise<void> {
  const keys = await repo.deleteChat(ctx.db, ownerId, id);
  if (!keys) throw new AppError('CHAT_NOT_FOUND');
  await removeStoredFiles(ctx, keys);
}

/** A message of the professional, ready to store: what the thread shows and what the model reads. */
export interface Outgoing {
  content: ChatMessageContent;
  modelText: string;
  files?: Array<NewStoredFile & { basename: string }>;
}

export function textMessage(userText: string): Outgoing {
  return { content: { text: userText }, modelText: userText };
}

/** The chat's patient's form; another patient's or another professional's answers 404. */
export async function formMessage(ctx: Context, chat: ChatRow, formId: string): Promise<Outgoing> {
  const found = await forms.findOwnedForm(ctx.db, chat.ownerId, formId);
  if (!found || found.form.patientId !== chat.patientId) throw new AppError('FORM_NOT_FOUND');
  return { content: { form: found.form.name }, modelText: formModelText(found) };
}

export async function recordMessage(ctx: Context, chat: ChatRow, recordId: string): Promise<Outgoing> {
  const record = await records.findOwnedRecord(ctx.db, chat.ownerId, recordId);
  if (!record || record.patientId !== chat.patientId) throw new AppError('RECORD_NOT_FOUND');
  return { content: { record: record.name }, modelText: recordModelText(record) };
}

/** Files read from an upload: stored as they arrive, their text read for the model. */
export class SentFiles {
  readonly sent: SentFile[] = [];
  readonly stored: Array<NewStoredFile & { basename: string }> = [];

  constructor(private readonly ctx: Context) {}

  async add(upload: Upload): Promise<void> {
    const file = await storeUploadedFile(this.ctx, 'chat', upload);
    this.stored.push(file);
    this.sent.push({ name: file.basename, extracted: await extractText({ ...upload, contentType: file.contentType }) });
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

/** Stores the professional's message in their chat. */
export async function postMessage(ctx: Context, ownerId: string, chatId: string, outgoing: Outgoing): Promise<void> {
  const row = await repo.insertMessage(ctx.db, ownerId, chatId, { sender: 'user', ...outgoing }, ctx.clock.now());
  if (!row) throw new AppError('CHAT_NOT_FOUND');
}

/** A thread waiting for the assistant: the professional's message is its last. */
export interface PendingAnswer {
  assistant: AssistantRow;
  rows: ChatMessageRow[];
}

/** Checks there is something to answer before any model call (or any streamed byte). */
export async function pendingAnswer(ctx: Context, { chat, assistant }: ChatWithAssistant): Promise<PendingAnswer> {
  const rows = await repo.listMessages(ctx.db, chat.id);
  if (rows.at(-1)?.sender !== 'user') throw new AppError('NOTHING_TO_ANSWER');
  return { assistant, rows };
}

/**
 * Asks the chat's assistant to answer the thread and stores the answer; returns the thread.
 * The assistant and its instructions come from the chat, never from the request. When the
 * model fails, the professional's message stays and the error says to try again.
 */
export async function answer(
  ctx: Context,
  ownerId: string,
  chatId: string,
  { assistant, rows }: PendingAnswer,
  onDelta?: (text: string) => void,
): Promise<repo.ThreadMessage[]> {
  const text = await ctx.ai.answer({ instructions: assistant.instructions, messages: toModelMessages(rows) }, onDelta);
  const reply = await repo.insertMessage(
    ctx.db,
    ownerId,
    chatId,
    { sender: 'other', content: { text }, modelText: text },
    ctx.clock.now(),
  );
  if (!reply) throw new AppError('CHAT_NOT_FOUND');
  return repo.listMessages(ctx.db, chatId);
}

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
export async function recordFromChat(ctx: Context, ownerId: string, patientId: string, chatId: string, name: string) {
  const patient = await getPatient(ctx, ownerId, patientId);
  const { chat, assistant } = await ownedChat(ctx, ownerId, chatId);
  if (chat.patientId !== patientId) throw new AppError('CHAT_NOT_FOUND');
  const rows = await repo.listMessages(ctx.db, chatId);
  if (rows.length === 0) throw new AppError('CHAT_EMPTY');
  const patientName = fullNameOf(patient);
  const content = ctx.ai.isOffline
    ? transcriptHtml({ chatName: chat.name, assistantName: assistant.name, patientName, rows, now: ctx.clock.now() })
    : noteHtml(
        await ctx.ai.answer({
          instructions: clinicalNoteInstructions,
          messages: [{ role: 'user', content: transcriptForNote(chat.name, patientName, turnsThatFit(rows, ctx.ai.contextTokens)) }],
        }),
      );
  if (content.length > limits.recordContentMaxChars) throw new AppError('VALIDATION', messages.validation.recordContentTooLong);
  return records.insertRecord(ctx.db, { ownerId, patientId, name, content, aiAssistantName: assistant.name }, ctx.clock.now());
}
