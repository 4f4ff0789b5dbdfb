import { financeApi, type Payment } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

export async function listPayments(month: string, signal?: AbortSignal): Promise<Payment[]> {
  const response = await apiClient.call(financeApi.listPayments, { query: { month }, signal });
  return response.data.payments;
}

export function paymentsQueryOptions(month: string) {
  return queryOptions({ queryKey: [...financeQueryKey, 'payments', month], queryFn: ({ signal }) => listPayments(month, signal) });
}

/** The receipts issued in the month (its payments). */
export function usePayments(month: string) {
  return useQuery(paymentsQueryOptions(month));
}
