import { messages } from '@consultorio/shared';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { isPlainClick, useNavigateTo } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { LoginForm } from '../components/login-form';

// The dialogs (and Mantine's modal with them) load on the first click, not with the login page.
const RecoverUsernameDialog = lazy(async () => ({ default: (await import('../components/recovery-dialogs')).RecoverUsernameDialog }));
const RecoverPasswordDialog = lazy(async () => ({ default: (await import('../components/recovery-dialogs')).RecoverPasswordDialog }));

type RecoveryDialog = 'username' | 'password';

export function LoginPage() {
  const navigateTo = useNavigateTo();
  const [openDialog, setOpenDialog] = useState<RecoveryDialog | null>(null);
  // Mounted from the first opening on, so that closing plays the modal's transition.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  const showDialog = (dialog: RecoveryDialog) => {
    setDialogsMounted(true);
    setOpenDialog(dialog);
  };
  const closeDialog = () => setOpenDialog(null);

  return (
    <Paper p="xl" shadow="sm">
      <Stack>
        <div>
          <Title order={2}>{messages.login.title}</Title>
          <Text c="dimmed" size="sm">
            {messages.login.subtitle}
          </Text>
        </div>
        <LoginForm />
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => showDialog('username')}>
            {messages.login.forgotUsername}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => showDialog('password')}>
            {messages.login.forgotPassword}
          </Anchor>
        </Group>
        <Text size="sm" ta="center">
          {messages.login.noAccount}{' '}
          <Anchor
            href={paths.register}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              void navigateTo(paths.register);
            }}
          >
            {messages.login.registerLink}
          </Anchor>
        </Text>
      </Stack>
      {dialogsMounted && (
        <Suspense fallback={null}>
          <RecoverUsernameDialog opened={openDialog === 'username'} onClose={closeDialog} />
          <RecoverPasswordDialog opened={openDialog === 'password'} onClose={closeDialog} />
        </Suspense>
      )}
    </Paper>
  );
}
