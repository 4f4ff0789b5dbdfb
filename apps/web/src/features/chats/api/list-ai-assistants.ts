import { assistantsApi, type AiAssistant } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const aiAssistantsQueryKey = ['ai-assistants', 'list'] as const;

export async function listAiAssistants(signal?: AbortSignal): Promise<AiAssistant[]> {
  const response = await apiClient.call(assistantsApi.list, { signal });
  return response.data.aiAssistants;
}

/** The assistants a session can talk to: the library and the own ones (their changes invalidate this). */
export function useAiAssistants() {
  return useQuery({
    queryKey: aiAssistantsQueryKey,
    queryFn: ({ signal }) => listAiAssistants(signal),
    staleTime: 10 * 60_000,
  });
}
