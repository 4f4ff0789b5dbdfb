import { messages } from '@consultorio/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** Placeholder until the patients issue builds the list. */
export function PatientsPage() {
  return (
    <Stack>
      <Title order={2}>{messages.patients.title}</Title>
      <Paper p="lg">
        <Text c="dimmed">{messages.patients.comingSoon}</Text>
      </Paper>
    </Stack>
  );
}
