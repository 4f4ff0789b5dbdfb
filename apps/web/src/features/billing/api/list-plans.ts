import { billingApi, type PlanList } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const plansQueryKey = ['users', 'me', 'subscription', 'plans'] as const;

export async function listPlans(signal?: AbortSignal): Promise<PlanList> {
  const response = await apiClient.call(billingApi.plans, { signal });
  return response.data;
}

/** The plans on offer, the current one, and whether checkout is online or through the billing contact. */
export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: ({ signal }) => listPlans(signal) });
}
