import { messages, type User } from '@consultorio/shared';
import { Group, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconCash, IconLogout, IconUsers } from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import { AppLogo } from '../../components/app-logo';
import { PersonAvatar } from '../../components/person-avatar';
import { useLogout } from '../../features/auth/api/logout';
import { useMinWidth } from '../../hooks/use-min-width';
import { paths } from '../../lib/paths';
import { useWithSelectedPatient } from '../../lib/selected-patient';
import { SelectedPatientShortcuts } from './selected-patient-shortcuts';
import { TopBarAction, TopBarLink } from './top-bar-items';

const LABELS_MIN_WIDTH_PX = 720;
/**
 * With a selected patient, the patient's name and shortcuts need the room: below this width
 * the bar's own links (Agenda, Pacientes, Minha Conta, Sair) show their icons only, so that
 * the patient's name and the shortcut labels still fit, down to 900px.
 */
const LABELS_WITH_PATIENT_MIN_WIDTH_PX = 1320;
const fixed = { flexShrink: 0 } as const;

export function TopBar({ user }: { user: User }) {
  const logout = useLogout();
  const isPatientsActive = useMatch({ path: paths.patients, end: false }) !== null;
  const isAgendaActive = useMatch(paths.agenda) !== null;
  const isAccountActive = useMatch({ path: paths.account, end: false }) !== null;
  const isFinanceActive = useMatch(paths.finance) !== null;
  const isWide = useMinWidth(LABELS_MIN_WIDTH_PX);
  const isWideWithPatient = useMinWidth(LABELS_WITH_PATIENT_MIN_WIDTH_PX);
  const showsLabels = useWithSelectedPatient((hasSelectedPatient) => (hasSelectedPatient ? isWideWithPatient : isWide));

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={fixed}>
        <UnstyledButton component={Link} to={paths.dashboard} aria-label={messages.nav.home}>
          <AppLogo withName={showsLabels} />
        </UnstyledButton>
        <TopBarLink
          label={messages.nav.agenda}
          icon={<IconCalendar size={18} />}
          to={paths.agenda}
          isActive={isAgendaActive}
          showsLabel={showsLabels}
        />
        <TopBarLink
          label={messages.nav.patients}
          icon={<IconUsers size={18} />}
          to={paths.patients}
          isActive={isPatientsActive}
          showsLabel={showsLabels}
        />
        <TopBarLink
          label={messages.nav.finance}
          icon={<IconCash size={18} />}
          to={paths.finance}
          isActive={isFinanceActive}
          showsLabel={showsLabels}
        />
      </Group>

      <SelectedPatientShortcuts />

      <Group gap="xs" wrap="nowrap" style={fixed}>
        <TopBarLink
          label={messages.nav.account}
          icon={
            <PersonAvatar
              aria-hidden
              withoutInitials
              size={28}
              firstName={user.firstName}
              lastName={user.lastName}
              avatarExternalKey={user.avatarExternalKey}
            />
          }
          to={paths.account}
          isActive={isAccountActive}
          showsLabel={showsLabels}
        />
        <TopBarAction
          label={logout.isPending ? messages.nav.loggingOut : messages.nav.logout}
          icon={<IconLogout size={18} />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          showsLabel={showsLabels}
        />
      </Group>
    </Group>
  );
}
