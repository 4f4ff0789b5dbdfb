import { financeApi, type PendingPatient } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

export async function listPending(month: string, signal?: AbortSignal): Promise<PendingPatient[]> {
  const response = await apiClient.call(financeApi.pending, { query: { month }, signal });
  return response.data.patients;
}

export function pendingQueryOptions(month: string) {
  return queryOptions({ queryKey: [...financeQueryKey, 'pending', month], queryFn: ({ signal }) => listPending(month, signal) });
}

/** The month's sessions still owed, by patient. */
export function usePending(month: string) {
  return useQuery(pendingQueryOptions(month));
}
