import { billingApi, type SubscriptionData } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const subscriptionQueryKey = ['users', 'me', 'subscription'] as const;

export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionData> {
  const response = await apiClient.call(billingApi.subscription, { signal });
  return response.data;
}

/** The professional's subscription, its plan and how many patients they have. */
export function useSubscription() {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription(signal) });
}
