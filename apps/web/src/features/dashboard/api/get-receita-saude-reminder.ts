import { taxApi, type CarneLeaoSummary } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

/** This month (YYYY-MM) in the professional's zone. */
function monthIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone }).format(new Date()).slice(0, 7);
}

export async function getReceitaSaudeReminder(timeZone: string, signal?: AbortSignal): Promise<CarneLeaoSummary> {
  const response = await apiClient.call(taxApi.carneLeaoSummary, { query: { month: monthIn(timeZone) }, signal });
  return response.data.carneLeao;
}

export function receitaSaudeReminderQueryOptions(timeZone: string) {
  return queryOptions({ queryKey: [...financeQueryKey, 'carne-leao', 'current', timeZone], queryFn: ({ signal }) => getReceitaSaudeReminder(timeZone, signal) });
}

/** This month's Carnê-Leão summary, for its count of receipts of past months still to issue in Receita Saúde. */
export function useReceitaSaudeReminder(timeZone: string) {
  return useQuery(receitaSaudeReminderQueryOptions(timeZone));
}
