import type { AiAssistant, Chat, ChatMessage, ChatMessageContent } from '@consultorio/shared';
import { patientId, patientSummaryOf } from '../../../test/fixtures';
import type { ChatDetail } from '../api/get-chat';

// Test data of the chats feature, about the patient every feature's tests share.
export { patientId };

export const clinicalAssistant: AiAssistant = {
  id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  externalId: 'assistente-clinico',
  name: 'Assistente Clínico',
  description: 'Ajuda a organizar a anamnese e a evolução.',
  instructions: 'Você apoia o profissional na anamnese, em português do Brasil.',
  isOwn: false,
};

export const writingAssistant: AiAssistant = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  externalId: 'assistente-redacao',
  name: 'Assistente de Redação',
  description: 'Revisa textos e relatórios.',
  instructions: 'Você revisa textos clínicos, em português do Brasil.',
  isOwn: false,
};

export function chatOf(overrides: Partial<Chat> = {}): Chat {
  return {
    id: 'c0ffee00-1111-4222-8333-444455556666',
    externalId: 'chat-externo',
    name: 'Primeira sessão',
    aiAssistantId: clinicalAssistant.id,
    aiAssistantName: clinicalAssistant.name,
    patientId,
    creationDate: '2025-03-05T17:30:00.000Z',
    lastUpdateDate: null,
    createdAt: '2025-03-05T17:30:00.000Z',
    ...overrides,
  };
}

let messageCount = 0;

export function messageOf(sender: ChatMessage['sender'], content: ChatMessageContent): ChatMessage {
  messageCount += 1;
  const instant = new Date(Date.UTC(2025, 2, 5, 18, 0, messageCount)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(messageCount).padStart(12, '0')}`,
    sender,
    content,
    // The API always sends the stored files, empty for none.
    files: [],
    createdAt: instant,
    creationDate: instant,
  };
}

export function chatDetailOf(chatsMessages: ChatMessage[] = [], chat: Chat = chatOf()): ChatDetail {
  return {
    chat,
    aiAssistant: clinicalAssistant,
    chatsMessages,
    patient: patientSummaryOf(patientId),
  };
}
