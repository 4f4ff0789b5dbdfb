import { messages } from '@consultorio/shared';
import './selected-patient-shortcuts.css';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconForms, IconNotes, IconRobot, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { defaultAvatarSrc } from '../../components/default-avatar';
import { PersonAvatar } from '../../components/person-avatar';
import { useMinWidth } from '../../hooks/use-min-width';
import { fullName } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSelectedPatient } from '../../lib/selected-patient';

const SHORTCUTS_MIN_WIDTH_PX = 450;
const LABELS_MIN_WIDTH_PX = 900;
/** The name gives way first; the picture and the buttons keep their size. */
const fixed = { flexShrink: 0 } as const;

interface Shortcut {
  label: string;
  icon: Icon;
  to: (patientId: string) => string;
}

const shortcuts: readonly Shortcut[] = [
  { label: messages.nav.assistant, icon: IconRobot, to: paths.patientChats },
  { label: messages.nav.forms, icon: IconForms, to: paths.patientForms },
  { label: messages.nav.records, icon: IconNotes, to: paths.patientRecords },
];

/**
 * The selected patient's picture, name and shortcuts in the top bar. Nothing is shown
 * without a selected patient; the shortcuts hide below 450px, their labels below 900px (each
 * icon then names itself on hover and keyboard focus with a tooltip drawn by CSS: Mantine's
 * Tooltip brought floating-ui, 14-20 KB gzip, into every signed-in page, issue 34).
 */
export function SelectedPatientShortcuts() {
  const patient = useSelectedPatient();
  const isVisible = useMinWidth(SHORTCUTS_MIN_WIDTH_PX);
  const showsLabels = useMinWidth(LABELS_MIN_WIDTH_PX);
  if (!patient || !isVisible) return null;

  const name = fullName(patient.firstName, patient.lastName);
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <PersonAvatar
        style={fixed}
        size={32}
        firstName={patient.firstName}
        lastName={patient.lastName}
        avatarExternalKey={patient.avatarExternalKey}
        defaultSrc={defaultAvatarSrc(patient.gender)}
      />
      {showsLabels && (
        <Text fw={500} truncate maw={180} miw={0} title={name}>
          {name}
        </Text>
      )}
      {shortcuts.map(({ label, icon: ShortcutIcon, to }) =>
        showsLabels ? (
          <Button
            key={label}
            component={Link}
            to={to(patient.id)}
            size="xs"
            variant="light"
            style={fixed}
            leftSection={<ShortcutIcon size={16} />}
          >
            {label}
          </Button>
        ) : (
          <ActionIcon
            key={label}
            component={Link}
            to={to(patient.id)}
            variant="light"
            aria-label={label}
            className="shortcut-hint"
            data-hint={label}
            style={fixed}
          >
            <ShortcutIcon size={18} />
          </ActionIcon>
        ),
      )}
    </Group>
  );
}
