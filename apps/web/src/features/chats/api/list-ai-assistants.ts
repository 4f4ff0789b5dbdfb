import { assistantsApi, type AiAssistant } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const aiAssistantsQueryKey = ['ai-assistants', 'list'] as const;

export async function listAiAssistants(signal?: AbortSignal): Promise<AiAssistant[]> {
  const response = await apiClient.call(assistantsApi.list, { signal });
  return response.data.aiAssistants;
}

/** The assistants a session can talk to; they change only with a new release. */
export function useAiAssistants() {
  return useQuery({
    queryKey: aiAssistantsQueryKey,
    queryFn: ({ signal }) => listAiAssistants(signal),
    staleTime: 10 * 60_000,
  });
}
