import {
  messages,
  subscriptionStatus,
  todayIsoDate,
  type SubscriptionData,
  type SubscriptionStatus,
} from '@consultorio/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LabeledValue } from '../../../components/labeled-value';
import { couponExplanation, formatPlainDate, formatPrice } from './subscription-format';

const statusColors: Record<SubscriptionStatus, string> = {
  none: 'gray',
  trial: 'blue',
  cancelled: 'orange',
  expired: 'red',
  active: 'green',
};

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
              <LabeledValue label={messages.billing.period} value={messages.billing.periods[plan.period]} />
              <LabeledValue label={messages.billing.price} value={formatPrice(userSubscription?.priceCents ?? plan.priceCents, plan.period)} />
              <LabeledValue label={messages.billing.dueDate} value={formatPlainDate(userSubscription?.dueDate ?? null)} />
              <LabeledValue label={messages.billing.patientsLimit} value={messages.billing.patientsUsage(patientsUsed, plan.patientsLimit)} />
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
