import { dashboardApi, type UserStats } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';

export async function getUserStats(signal?: AbortSignal): Promise<UserStats> {
  const response = await apiClient.call(dashboardApi.stats, { signal });
  return response.data.stats;
}

export const userStatsQueryOptions = queryOptions({ queryKey: userStatsQueryKey, queryFn: ({ signal }) => getUserStats(signal) });

/** How many patients, sessions, forms and records the professional has. */
export function useUserStats() {
  return useQuery(userStatsQueryOptions);
}
