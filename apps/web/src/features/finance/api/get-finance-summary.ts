import { financeApi, type FinanceSummary } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

export async function getFinanceSummary(month: string, signal?: AbortSignal): Promise<FinanceSummary> {
  const response = await apiClient.call(financeApi.summary, { query: { month }, signal });
  return response.data.summary;
}

export function financeSummaryQueryOptions(month: string) {
  return queryOptions({ queryKey: [...financeQueryKey, 'summary', month], queryFn: ({ signal }) => getFinanceSummary(month, signal) });
}

/** The month's received and pending totals, by method, and what is owed for sessions held so far. */
export function useFinanceSummary(month: string) {
  return useQuery(financeSummaryQueryOptions(month));
}
