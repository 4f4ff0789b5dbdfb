import { messages } from '@consultorio/shared';
import { Paper, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PatientArea } from '../components/patient-area';

type Area = keyof typeof messages.patients.areas;

/** Placeholder of an area until its issue builds the list. */
function PatientAreaPlaceholder({ area }: { area: Area }) {
  const { patientId = '' } = useParams();
  return (
    <PatientArea patientId={patientId} title={messages.patients.areas[area]}>
      <Paper p="lg">
        <Text c="dimmed">{messages.patients.comingSoon}</Text>
      </Paper>
    </PatientArea>
  );
}

export function PatientChatsPage() {
  return <PatientAreaPlaceholder area="chats" />;
}
