import { assistantsApi, type AiAssistantWriteRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { aiAssistantsQueryKey } from './list-ai-assistants';

/** A new own assistant (also a copy of the library's or an own one). */
export function createAiAssistant(assistant: AiAssistantWriteRequest) {
  return apiClient.call(assistantsApi.create, { body: assistant });
}

export function useCreateAiAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAiAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiAssistantsQueryKey }),
  });
}
