import { messages } from '@consultorio/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** Placeholder until the billing issue builds the subscription page. */
export function BillingPage() {
  return (
    <Stack>
      <Title order={2}>{messages.billing.title}</Title>
      <Paper p="lg">
        <Text c="dimmed">{messages.billing.comingSoon}</Text>
      </Paper>
    </Stack>
  );
}
