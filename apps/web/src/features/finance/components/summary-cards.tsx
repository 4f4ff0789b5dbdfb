import { formatCents, messages, paymentMethods, type FinanceSummary } from '@consultorio/shared';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

function Total({ label, cents, hint }: { label: string; cents: number | undefined; hint?: string }) {
  const labelId = useId();
  return (
    <Paper component="section" aria-labelledby={labelId} p="md">
      <Stack gap={2}>
        <Text id={labelId} size="sm" c="dimmed">
          {label}
        </Text>
        {cents === undefined ? (
          <Skeleton height={30} width={120} mt={4} />
        ) : (
          <Text fz={26} fw={700} lh={1.2}>
            {formatCents(cents)}
          </Text>
        )}
        {hint !== undefined && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The month's received and pending totals, what is owed for sessions held so far, and the received sum by method. */
export function SummaryCards({ summary }: { summary: FinanceSummary | undefined }) {
  const byMethodId = useId();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Total label={messages.finance.received} cents={summary?.receivedCents} />
        <Total label={messages.finance.pending} cents={summary?.pendingCents} />
        <Total label={messages.finance.receivable} cents={summary?.receivableCents} />
      </SimpleGrid>
      <Paper component="section" aria-labelledby={byMethodId} p="md">
        <Title id={byMethodId} order={3} size="h4" mb="xs">
          {messages.finance.byMethod}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 5 }} spacing="xs">
          {paymentMethods.map((method) => (
            <Group key={method} gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed">
                {messages.finance.methods[method]}:
              </Text>
              <Text size="sm" fw={600}>
                {summary ? formatCents(summary.byMethod[method]) : messages.common.dash}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
