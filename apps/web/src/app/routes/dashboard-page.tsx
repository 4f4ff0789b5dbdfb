import { messages } from '@consultorio/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../lib/session';

export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Stack>
      <Title order={2}>{messages.dashboard.welcome(user.firstName)}</Title>
      <Paper p="lg">
        <Text c="dimmed">{messages.dashboard.intro}</Text>
      </Paper>
    </Stack>
  );
}
