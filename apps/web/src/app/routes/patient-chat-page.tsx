import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { useChatDetail } from '../../features/chats/api/get-chat';
import { ChatView } from '../../features/chats/components/chat-view';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientArea } from '../../features/patients/components/patient-area';

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
    <PatientArea patientId={patientId} title={messages.chats.title} details={<PatientAgendaSummary patientId={patientId} />}>
      <ChatView patientId={patientId} chatId={chatId} />
    </PatientArea>
  );
}
