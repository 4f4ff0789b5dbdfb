import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { useChatDetail } from '../../features/chats/api/get-chat';
import { ChatView } from '../../features/chats/components/chat-view';
import { PatientFrame } from './patient-frame';

/**
 * /patients/:patientId/chats/:chatId: one chat session inside the patient's area frame (which
 * selects them). This module is the only way to the thread, so the markdown renderer stays
 * out of other chunks.
 */
export function PatientChatPage() {
  const { patientId = '', chatId = '' } = useParams();
  // Asked for now, beside the patient, rather than after the frame has loaded them.
  useChatDetail(chatId);
  return (
    <PatientFrame patientId={patientId} title={messages.chats.title}>
      <ChatView patientId={patientId} chatId={chatId} />
    </PatientFrame>
  );
}
