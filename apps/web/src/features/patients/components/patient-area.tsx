import { messages } from '@consultorio/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { fullName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { clearSelectedPatient, selectPatient } from '../../../lib/selected-patient';
import { isMissingPatient, usePatient } from '../api/get-patient';
import { PatientAvatar } from './patient-avatar';

interface PatientAreaProps {
  patientId: string;
  /** The area's title, e.g. 'Sessões com Assistente'. */
  title: string;
  /** What another feature adds under the patient's name (the agenda's next appointment and counts). */
  details?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a patient's area (sessions, forms, records): visiting it selects the patient,
 * whose picture and name head the page. An unknown patient clears the selection.
 */
export function PatientArea({ patientId, title, details, children }: PatientAreaProps) {
  const { data: patient, error, isPending } = usePatient(patientId);
  const isMissing = isMissingPatient(error);

  useEffect(() => {
    if (patient) selectPatient(patient);
  }, [patient]);

  useEffect(() => {
    if (isMissing) clearSelectedPatient();
  }, [isMissing]);

  if (isPending) return <PageLoader />;
  if (!patient) {
    return (
      <Paper p="lg">
        <Stack align="flex-start">
          <Text>{isMissing ? messages.errors.patientNotFound : messages.requestErrors.generic}</Text>
          <Button component={Link} to={paths.patients} variant="light" leftSection={<IconArrowLeft size={18} />}>
            {messages.patients.backToList}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack>
      <Group wrap="nowrap">
        <PatientAvatar patient={patient} size={56} radius={56} />
        <Stack gap={0} miw={0}>
          <Title order={2}>{title}</Title>
          <Text c="dimmed" fw={500} truncate>
            {fullName(patient.firstName, patient.lastName)}
          </Text>
          {details}
        </Stack>
      </Group>
      {children}
    </Stack>
  );
}
