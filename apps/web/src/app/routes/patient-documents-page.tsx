import { messages } from '@consultorio/shared';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DocumentList } from '../../features/documents/components/document-list';
import { paths } from '../../lib/paths';
import { PatientFrame } from './patient-frame';

/** /patients/:patientId/documents: the patient's area frame around the documents issued to them. */
export function PatientDocumentsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientFrame patientId={patientId} title={messages.documents.title}>
      <Group>
        <Button component={Link} to={paths.patientRecords(patientId)} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          {messages.documents.backToRecords}
        </Button>
      </Group>
      <DocumentList patientId={patientId} />
    </PatientFrame>
  );
}
