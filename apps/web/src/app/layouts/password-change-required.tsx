import { messages } from '@consultorio/shared';
import { AppShell, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { AppLogo } from '../../components/app-logo';
import { useLogout } from '../../features/auth/api/logout';
import { ChangePasswordForm } from '../../features/users/components/change-password-dialog';
import { TOP_BAR_HEIGHT_PX } from '../layout-metrics';

/** Nothing to do on a close request: the modal leaves once the session's user no longer needs a change. */
function stayOpen() {}

/**
 * What a session signed in with a recovery password sees until it sets a new one: the logo and a
 * modal that cannot be closed, with the password change and 'Sair'. No page is mounted behind it,
 * so nothing asks the API for what it would refuse (403). Once the change is saved the session's
 * user is read again and the layout shows the app.
 */
export function PasswordChangeRequired() {
  const logout = useLogout();
  return (
    <AppShell header={{ height: TOP_BAR_HEIGHT_PX }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md">
          <AppLogo />
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0" />
      <Modal
        opened
        onClose={stayOpen}
        title={messages.account.passwordChangeRequiredTitle}
        centered
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
      >
        <Stack>
          <Text size="sm">{messages.account.passwordChangeRequiredText}</Text>
          <ChangePasswordForm
            onChanged={stayOpen}
            secondaryAction={
              <Button
                variant="default"
                leftSection={<IconLogout size={18} />}
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
              >
                {logout.isPending ? messages.nav.loggingOut : messages.nav.logout}
              </Button>
            }
          />
        </Stack>
      </Modal>
    </AppShell>
  );
}
