import { formatCents, messages, subscriptionStatus, todayIsoDate, type Plan, type PlanList, type SubscriptionData } from '@consultorio/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useStartCheckout } from '../api/start-checkout';

const b = messages.billing;

function planPrice(plan: Plan): string {
  return plan.period === 'lifetime' ? b.lifetimePrice(formatCents(plan.priceCents)) : b.perPeriod(formatCents(plan.priceCents), b.periodSuffix[plan.period]);
}

function mailtoBilling(email: string, plan: Plan): string {
  return `mailto:${email}?subject=${encodeURIComponent(`${b.title}: ${plan.name}`)}`;
}

interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  /** The current plan already paid (active and not a trial): nothing to buy. */
  isPaidCurrent: boolean;
  hasSubscription: boolean;
  list: PlanList;
  onCheckout: (planId: string) => void;
  isBusy: boolean;
}

function PlanCard({ plan, isCurrent, isPaidCurrent, hasSubscription, list, onCheckout, isBusy }: PlanCardProps) {
  const titleId = useId();
  const isChange = hasSubscription && !isCurrent;
  const label = isChange ? b.changePlan : b.subscribe;
  const accessibleLabel = isChange ? b.changePlanLabel(plan.name) : b.subscribeLabel(plan.name);
  return (
    <Paper component="section" aria-labelledby={titleId} p="md" withBorder={isCurrent}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title id={titleId} order={4}>
            {plan.name}
          </Title>
          {isCurrent && (
            <Badge variant="light" color="teal">
              {b.currentPlan}
            </Badge>
          )}
        </Group>
        <Text fz="lg" fw={700}>
          {planPrice(plan)}
        </Text>
        <Text size="sm">{b.planPatients(plan.patientsLimit)}</Text>
        {plan.description !== '' && (
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {plan.description}
          </Text>
        )}
        {!isPaidCurrent &&
          (list.checkoutAvailable ? (
            <Button onClick={() => onCheckout(plan.id)} disabled={isBusy} aria-label={isBusy ? undefined : accessibleLabel}>
              {isBusy ? b.redirecting : label}
            </Button>
          ) : (
            <Button component="a" href={mailtoBilling(list.billingEmail, plan)} variant="light" aria-label={accessibleLabel}>
              {label}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}

/** 'Planos': every plan on offer from the database, the current one marked, and how to subscribe or change. */
export function PlansList({ list, subscription }: { list: PlanList; subscription: SubscriptionData | undefined }) {
  const checkout = useStartCheckout();
  const current = subscription?.userSubscription ?? null;
  const status = subscriptionStatus(current, todayIsoDate());
  const isPaid = status === 'active' && current?.paidOnline === true;
  return (
    <Stack gap="sm">
      <Title order={3}>{b.plansTitle}</Title>
      {!list.checkoutAvailable && <Text c="dimmed">{b.contactBilling(list.billingEmail)}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {list.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            list={list}
            isCurrent={plan.id === list.currentPlanId}
            isPaidCurrent={plan.id === list.currentPlanId && isPaid}
            hasSubscription={current !== null}
            onCheckout={(planId) => checkout.mutate(planId)}
            isBusy={checkout.isPending || checkout.isSuccess}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
