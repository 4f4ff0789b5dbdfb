import { dashboardApi, type SupportContacts } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const supportContactsQueryKey = ['support-contacts'] as const;

export async function getSupportContacts(signal?: AbortSignal): Promise<SupportContacts> {
  const response = await apiClient.call(dashboardApi.supportContacts, { signal });
  return response.data.supportContacts;
}

export const supportContactsQueryOptions = queryOptions({
  queryKey: supportContactsQueryKey,
  queryFn: ({ signal }) => getSupportContacts(signal),
  // Configuration of the server: it does not change while the app is open.
  staleTime: Infinity,
});

/** The e-mail addresses of technical support, account matters and billing. */
export function useSupportContacts() {
  return useQuery(supportContactsQueryOptions);
}
