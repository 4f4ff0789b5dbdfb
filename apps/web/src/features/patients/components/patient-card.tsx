import { messages, type Patient } from '@consultorio/shared';
import '../../../components/list-card.css';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconForms, IconNotes, IconPencil, IconRobot, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fullName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { PatientAvatar } from './patient-avatar';
import { shortId, usePhoneLine } from './patient-display';

interface PatientCardProps {
  patient: Patient;
  /** A shortcut to one of the patient's areas was clicked. */
  onSelect: (patient: Patient) => void;
  onEdit: (patient: Patient) => void;
  /** What another feature adds under the name (the agenda's next appointment and counts). */
  details?: ReactNode;
}

interface AreaLink {
  label: string;
  icon: Icon;
  to: (patientId: string) => string;
}

const areaLinks: readonly AreaLink[] = [
  { label: messages.nav.assistant, icon: IconRobot, to: paths.patientChats },
  { label: messages.nav.forms, icon: IconForms, to: paths.patientForms },
  { label: messages.nav.records, icon: IconNotes, to: paths.patientRecords },
];

/** A patient in the list: picture, short ID, name, phone, and the way into each area. */
export function PatientCard({ patient, onSelect, onEdit, details }: PatientCardProps) {
  const name = fullName(patient.firstName, patient.lastName);
  const phone = usePhoneLine(patient.cc, patient.phone);
  return (
    <Paper component="article" aria-label={name} p="md" h="100%" className="list-card">
      <Stack justify="space-between" h="100%">
        <Group wrap="nowrap" align="flex-start">
          <PatientAvatar patient={patient} size={56} radius={56} />
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" title={patient.id}>
              {messages.patients.id}: {shortId(patient.id)}
            </Text>
            <Text size="sm" c={phone ? undefined : 'dimmed'}>
              {phone ?? messages.common.dash}
            </Text>
          </Stack>
        </Group>
        {details}
        <Group gap="xs">
          {areaLinks.map(({ label, icon: AreaIcon, to }) => (
            <Button
              key={label}
              component={Link}
              to={to(patient.id)}
              onClick={() => onSelect(patient)}
              size="xs"
              variant="light"
              leftSection={<AreaIcon size={16} />}
            >
              {label}
            </Button>
          ))}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => onEdit(patient)}
          >
            {messages.patients.edit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
