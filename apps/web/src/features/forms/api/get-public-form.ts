import { formsApi, type PublicForm } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function publicFormQueryKey(publicToken: string) {
  return ['forms', 'public', publicToken] as const;
}

/** A read, though a POST: the token travels in the body, not in the address the server logs. */
export async function getPublicForm(publicToken: string, signal?: AbortSignal): Promise<PublicForm> {
  const response = await apiClient.call(formsApi.getPublic, {
    body: { publicToken },
    signal,
    // No session is involved: a 401 here must not log out a professional testing the link.
    handleUnauthorized: false,
  });
  return response.data;
}

/** The form behind a shared link, for anyone who has it; an unknown token fails with 404. */
export function usePublicForm(publicToken: string) {
  return useQuery({
    queryKey: publicFormQueryKey(publicToken),
    queryFn: ({ signal }) => getPublicForm(publicToken, signal),
    enabled: publicToken !== '',
    // Each call counts against the per-minute allowance of the link.
    staleTime: Infinity,
  });
}
