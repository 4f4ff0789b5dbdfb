import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { ChatList } from '../../features/chats/components/chat-list';
import { PatientFrame } from './patient-frame';

/** /patients/:patientId/chats: the patient's area frame (which selects them) around their chat sessions. */
export function PatientChatsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientFrame patientId={patientId} title={messages.chats.title}>
      <ChatList patientId={patientId} />
    </PatientFrame>
  );
}
