import {
  messages,
  subscriptionStatus,
  todayIsoDate,
  type SubscriptionData,
  type SubscriptionStatus,
} from '@consultorio/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { couponExplanation, formatPlainDate, formatPrice } from './subscription-format';

const statusColors: Record<SubscriptionStatus, string> = {
  none: 'gray',
  trial: 'blue',
  cancelled: 'orange',
  expired: 'red',
  active: 'green',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </Stack>
  );
}

/** 'Sua assinatura': the plan, its price and due date, the patients used and the status. */
export function SubscriptionCard({ subscription }: { subscription: SubscriptionData }) {
  const titleId = useId();
  const { userSubscription, plan, patientsUsed } = subscription;
  const status = subscriptionStatus(userSubscription, todayIsoDate());

  return (
    <Paper component="section" aria-labelledby={titleId} p="lg">
      <Stack>
        <Group justify="space-between">
          <Title id={titleId} order={3}>
            {messages.billing.subscription}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {messages.billing.status}
            </Text>
            <Badge color={statusColors[status]} variant="light" size="lg">
              {messages.billing.statuses[status]}
            </Badge>
          </Group>
        </Group>

        {userSubscription === null && <Text c="dimmed">{messages.billing.noSubscription}</Text>}

        {plan !== null && (
          <>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {messages.billing.plan}
              </Text>
              <Text fz="xl" fw={700}>
                {plan.name}
              </Text>
              {plan.description !== '' && <Text c="dimmed">{plan.description}</Text>}
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Detail label={messages.billing.period}>{messages.billing.periods[plan.period]}</Detail>
              <Detail label={messages.billing.price}>
                {formatPrice(userSubscription?.priceCents ?? plan.priceCents, plan.period)}
              </Detail>
              <Detail label={messages.billing.dueDate}>{formatPlainDate(userSubscription?.dueDate ?? null)}</Detail>
              <Detail label={messages.billing.patientsLimit}>
                {messages.billing.patientsUsage(patientsUsed, plan.patientsLimit)}
              </Detail>
            </SimpleGrid>
            {userSubscription !== null &&
              couponExplanation(userSubscription, plan).map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
