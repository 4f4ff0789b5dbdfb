import { dashboardApi, type UserStats } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';

export async function getUserStats(signal?: AbortSignal): Promise<UserStats> {
  const response = await apiClient.call(dashboardApi.stats, { signal });
  return response.data.stats;
}

/** How many patients, sessions, forms and records the professional has. */
export function useUserStats() {
  return useQuery({ queryKey: userStatsQueryKey, queryFn: ({ signal }) => getUserStats(signal) });
}
