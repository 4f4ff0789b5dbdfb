import { messages } from '@consultorio/shared';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconMessageChatbot, IconNotes, IconReceipt, IconUser, IconClipboardList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useMatch } from 'react-router';
import { paths } from '../../lib/paths';

interface AccountNavLinkProps {
  to: string;
  /** Also active on the pages under it (a template's page under the templates). */
  end: boolean;
  icon: ReactNode;
  label: string;
}

function AccountNavLink({ to, end, icon, label }: AccountNavLinkProps) {
  const isActive = useMatch({ path: to, end }) !== null;
  return (
    <Button
      component={Link}
      to={to}
      variant={isActive ? 'light' : 'subtle'}
      leftSection={icon}
      aria-current={isActive ? 'page' : undefined}
    >
      {label}
    </Button>
  );
}

/**
 * 'Minha conta' and its sections: the profile, the questionnaire templates, the note templates
 * and the AI assistants, each its own page under /user, with the way to billing beside the title.
 */
export function AccountLayout() {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{messages.account.title}</Title>
        <Button component={Link} to={paths.billing} variant="light" leftSection={<IconReceipt size={18} />}>
          {messages.account.billingButton}
        </Button>
      </Group>
      <Group component="nav" aria-label={messages.accountNav.label} gap="xs">
        <AccountNavLink to={paths.account} end icon={<IconUser size={18} />} label={messages.accountNav.profile} />
        <AccountNavLink to={paths.qaTemplates} end={false} icon={<IconClipboardList size={18} />} label={messages.accountNav.qaTemplates} />
        <AccountNavLink to={paths.noteTemplates} end icon={<IconNotes size={18} />} label={messages.accountNav.noteTemplates} />
        <AccountNavLink to={paths.aiAssistants} end={false} icon={<IconMessageChatbot size={18} />} label={messages.accountNav.aiAssistants} />
      </Group>
      <Outlet />
    </Stack>
  );
}
