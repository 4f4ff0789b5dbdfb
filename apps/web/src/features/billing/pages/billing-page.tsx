import { messages } from '@consultorio/shared';
import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSubscription } from '../api/get-subscription';
import { CouponForm } from '../components/coupon-form';
import { SubscriptionCard } from '../components/subscription-card';

/** 'Faturamento': the subscription's details and the coupon form. */
export function BillingPage() {
  const subscription = useSubscription();

  return (
    <Stack>
      <Title order={2}>{messages.billing.title}</Title>
      {subscription.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : subscription.isError ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.errors.generic}</Text>
        </Paper>
      ) : (
        <SubscriptionCard subscription={subscription.data} />
      )}
      <CouponForm />
    </Stack>
  );
}
