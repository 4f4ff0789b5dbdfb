import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { envelope, itemNameSchema, optionalText } from './common';
import { patientSummarySchema } from './patients';

const v = messages.validation;

export const aiAssistantSchema = z.object({
  id: z.uuid(),
  externalId: z.string(),
  name: z.string(),
  /** What the assistant is for, shown when choosing one. */
  description: z.string(),
  /** What the model is told before every conversation. */
  instructions: z.string(),
  /** The professional's own assistant (editable); false for the library's. */
  isOwn: z.boolean(),
});
export type AiAssistant = z.infer<typeof aiAssistantSchema>;

export const chatSchema = z.object({
  id: z.uuid(),
  externalId: z.string(),
  name: z.string(),
  aiAssistantId: z.uuid(),
  aiAssistantName: z.string(),
  patientId: z.uuid(),
  creationDate: z.string(),
  /** When the name, the assistant or the thread last changed; null until then. */
  lastUpdateDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatSenders = ['user', 'other'] as const;
export type ChatSender = (typeof chatSenders)[number];

/** What a message shows: any of markdown text, attached file names, a form's name, a record's name. */
export const chatMessageContentSchema = z.object({
  text: z.string().optional(),
  attachments: z.array(z.string()).optional(),
  form: z.string().optional(),
  record: z.string().optional(),
  /** Attached files whose text could not be read (corrupt, or over a size, time or memory limit); they are stored all the same. */
  unreadable: z.array(z.string()).optional(),
});
export type ChatMessageContent = z.infer<typeof chatMessageContentSchema>;

/** A file sent in a message, to download from `/v1/files/:externalKey`. */
export const chatMessageFileSchema = z.object({ name: z.string(), externalKey: z.string() });
export type ChatMessageFile = z.infer<typeof chatMessageFileSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  sender: z.enum(chatSenders),
  content: chatMessageContentSchema,
  /** The stored files behind `content.attachments` (the API always sends it, empty for none). */
  files: z.array(chatMessageFileSchema).optional(),
  createdAt: z.string(),
  creationDate: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatCreateRequest = z.object({
  name: itemNameSchema,
  aiAssistantId: z.uuid({ error: v.assistantRequired }),
});
export type ChatCreateRequest = z.input<typeof chatCreateRequest>;
export const chatUpdateRequest = chatCreateRequest;
export type ChatUpdateRequest = ChatCreateRequest;

/**
 * Kept for the contract; the server answers from the chat's id and the session, never from
 * these ids.
 */
const externalIds = {
  chatExternalId: z.unknown().optional(),
  aiAssistantExternalId: z.unknown().optional(),
};

export const userTextSchema = z
  .string({ error: v.messageRequired })
  .trim()
  .max(limits.chatTextMax, { error: v.tooLong(limits.chatTextMax) });

export const sendTextRequest = z.object({
  userText: userTextSchema.pipe(z.string().min(1, { error: v.messageRequired })),
  ...externalIds,
});
export type SendTextRequest = z.input<typeof sendTextRequest>;

/** The text fields of a send-attachments multipart body (the files come as repeated `files`). */
export const sendAttachmentsFields = z.object({ userText: userTextSchema.optional(), ...externalIds });

export const sendFormRequest = z.object({
  formId: z.uuid({ error: v.formRequired }),
  ...externalIds,
});
export type SendFormRequest = z.input<typeof sendFormRequest>;

export const sendRecordRequest = z.object({
  recordId: z.uuid({ error: v.recordRequired }),
  ...externalIds,
});
export type SendRecordRequest = z.input<typeof sendRecordRequest>;

export const recordFromChatRequest = z.object({
  name: itemNameSchema,
  chatId: z.uuid({ error: v.chatRequired }),
});
export type RecordFromChatRequest = z.input<typeof recordFromChatRequest>;

export const aiAssistantListResponse = envelope(z.object({ aiAssistants: z.array(aiAssistantSchema) }));
export const chatListResponse = envelope(z.object({ chats: z.array(chatSchema), patient: patientSummarySchema }));
export const chatSavedResponse = envelope(z.object({ chat: chatSchema, aiAssistant: aiAssistantSchema }));
export const chatDetailResponse = envelope(
  z.object({
    chat: chatSchema,
    aiAssistant: aiAssistantSchema,
    chatsMessages: z.array(chatMessageSchema),
    patient: patientSummarySchema,
  }),
);
export const chatMessagesResponse = envelope(z.object({ chatsMessages: z.array(chatMessageSchema) }));

/** The events of a streamed answer (`…/stream` endpoints, server-sent events). */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { chatsMessages: ChatMessage[] } }
  | { event: 'error'; data: { status: number; message: string } };

/** An own assistant: name, what it is for, and the instructions its model receives. */
export const aiAssistantWriteRequest = z.object({
  name: z.string({ error: v.nameRequired }).trim().min(1, { error: v.nameRequired }).max(100, { error: v.tooLong(100) }),
  description: optionalText(500).transform((d) => d ?? ''),
  instructions: z
    .string({ error: v.instructionsRequired })
    .trim()
    .min(10, { error: v.instructionsRequired })
    .max(limits.assistantInstructionsMax, { error: v.tooLong(limits.assistantInstructionsMax) }),
});
export type AiAssistantWriteRequest = z.input<typeof aiAssistantWriteRequest>;
export const aiAssistantResponse = envelope(z.object({ aiAssistant: aiAssistantSchema }));
