import { messages } from '@consultorio/shared';
import { useParams } from 'react-router';
import { ChatList } from '../../features/chats/components/chat-list';
import { PatientAgendaSummary } from '../../features/agenda/components/patient-agenda-summary';
import { PatientArea } from '../../features/patients/components/patient-area';

/** /patients/:patientId/chats: the patient's area frame (which selects them) around their chat sessions. */
export function PatientChatsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientArea patientId={patientId} title={messages.chats.title} details={<PatientAgendaSummary patientId={patientId} />}>
      <ChatList patientId={patientId} />
    </PatientArea>
  );
}
