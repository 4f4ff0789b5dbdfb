import { messages } from '@consultorio/shared';
import { Button, Group } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PatientSessions } from '../../features/agenda/components/patient-sessions';
import { RecordList } from '../../features/records/components/record-list';
import { paths } from '../../lib/paths';
import { PatientFrame } from './patient-frame';

/**
 * /patients/:patientId/records: the patient's area frame (which selects them) around their latest
 * sessions with 'Registrar evolução' (agenda feature), the way to their documents, and their records.
 */
export function PatientRecordsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientFrame patientId={patientId} title={messages.records.title}>
      <Group justify="flex-end">
        <Button component={Link} to={paths.patientDocuments(patientId)} variant="light" leftSection={<IconFileCertificate size={18} />}>
          {messages.records.documentsLink}
        </Button>
      </Group>
      <PatientSessions patientId={patientId} />
      <RecordList patientId={patientId} />
    </PatientFrame>
  );
}
