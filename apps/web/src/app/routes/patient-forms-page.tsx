import { messages } from '@consultorio/shared';
import { Button, Group } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { FormList } from '../../features/forms/components/form-list';
import { paths } from '../../lib/paths';
import { PatientFrame } from './patient-frame';

/**
 * /patients/:patientId/forms: the patient's area frame (which selects them) around their forms,
 * with the way to their score trends and measurement plans ('Evolução').
 */
export function PatientFormsPage() {
  const { patientId = '' } = useParams();
  return (
    <PatientFrame patientId={patientId} title={messages.forms.title}>
      <Group justify="flex-end">
        <Button component={Link} to={paths.patientMeasurement(patientId)} variant="light" leftSection={<IconChartLine size={18} />}>
          {messages.measurement.title}
        </Button>
      </Group>
      <FormList patientId={patientId} />
    </PatientFrame>
  );
}
