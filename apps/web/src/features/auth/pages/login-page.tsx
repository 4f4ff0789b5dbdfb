import { messages } from '@consultorio/shared';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LoginForm } from '../components/login-form';
import { RecoverPasswordDialog, RecoverUsernameDialog } from '../components/recovery-dialogs';

type RecoveryDialog = 'username' | 'password';

export function LoginPage() {
  const [openDialog, setOpenDialog] = useState<RecoveryDialog | null>(null);
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
          <Anchor component="button" type="button" size="sm" onClick={() => setOpenDialog('username')}>
            {messages.login.forgotUsername}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => setOpenDialog('password')}>
            {messages.login.forgotPassword}
          </Anchor>
        </Group>
        <Text size="sm" ta="center">
          {messages.login.noAccount}{' '}
          <Anchor component={Link} to={paths.register}>
            {messages.login.registerLink}
          </Anchor>
        </Text>
      </Stack>
      <RecoverUsernameDialog opened={openDialog === 'username'} onClose={closeDialog} />
      <RecoverPasswordDialog opened={openDialog === 'password'} onClose={closeDialog} />
    </Paper>
  );
}
