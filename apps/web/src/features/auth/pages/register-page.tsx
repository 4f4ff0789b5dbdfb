import { messages } from '@consultorio/shared';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { RegisterForm } from '../components/register-form';
import { RegistrationSent } from '../components/registration-sent';

export function RegisterPage() {
  const [registrationId, setRegistrationId] = useState<string | null>(null);

  return (
    <Paper p="xl" shadow="sm">
      {registrationId === null ? (
        <Stack>
          <div>
            <Title order={2}>{messages.register.title}</Title>
            <Text c="dimmed" size="sm">
              {messages.register.subtitle}
            </Text>
          </div>
          <RegisterForm onRegistered={setRegistrationId} />
          <Text size="sm" ta="center">
            {messages.register.hasAccount}{' '}
            <Anchor component={Link} to={paths.login}>
              {messages.register.loginLink}
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <RegistrationSent registrationId={registrationId} />
      )}
    </Paper>
  );
}
