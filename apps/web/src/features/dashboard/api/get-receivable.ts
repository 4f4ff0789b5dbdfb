import { financeApi, type FinanceSummary } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

/** This month (YYYY-MM) in the professional's zone. */
function monthIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone }).format(new Date()).slice(0, 7);
}

export async function getReceivable(timeZone: string, signal?: AbortSignal): Promise<FinanceSummary> {
  const response = await apiClient.call(financeApi.summary, { query: { month: monthIn(timeZone) }, signal });
  return response.data.summary;
}

export function receivableQueryOptions(timeZone: string) {
  return queryOptions({ queryKey: [...financeQueryKey, 'summary', 'current', timeZone], queryFn: ({ signal }) => getReceivable(timeZone, signal) });
}

/** What is owed for sessions held so far (the month's summary carries it), under the finance key. */
export function useReceivable(timeZone: string) {
  return useQuery(receivableQueryOptions(timeZone));
}
