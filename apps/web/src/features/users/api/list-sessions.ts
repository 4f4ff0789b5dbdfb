import { sessionsApi, type AccountSession } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const sessionsQueryKey = ['users', 'me', 'sessions'] as const;

/** The professional's open sessions, most recently used first; `current` marks this browser's. */
export async function listSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const response = await apiClient.call(sessionsApi.list, { signal });
  return response.data.sessions;
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });
}
