import { messages } from '@consultorio/shared';
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSubscription } from '../api/get-subscription';
import { usePlans } from '../api/list-plans';
import { CouponForm } from '../components/coupon-form';
import { PlansList } from '../components/plans-list';
import { SubscriptionCard } from '../components/subscription-card';

/** 'Faturamento': the subscription's details (and what its coupon does), the plans to subscribe or change to, and the coupon form. */
export function BillingPage() {
  const subscription = useSubscription();
  const plans = usePlans();
  const [searchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');

  return (
    <Stack>
      <Title order={2}>{messages.billing.title}</Title>
      {checkout === 'success' && <Alert color="green">{messages.billing.checkoutReturned}</Alert>}
      {checkout === 'cancelled' && <Alert color="yellow">{messages.billing.checkoutCancelled}</Alert>}
      {subscription.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : subscription.isError ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.requestErrors.generic}</Text>
        </Paper>
      ) : (
        <SubscriptionCard subscription={subscription.data} />
      )}
      {plans.data && <PlansList list={plans.data} subscription={subscription.data} />}
      <CouponForm />
    </Stack>
  );
}
