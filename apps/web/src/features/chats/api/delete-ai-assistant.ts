import { assistantsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { aiAssistantsQueryKey } from './list-ai-assistants';

/** Deletes an own assistant no session uses; the server answers 409 (its toast says why) otherwise. */
export function deleteAiAssistant(assistantId: string) {
  return apiClient.call(assistantsApi.remove, { params: { id: assistantId } });
}

export function useDeleteAiAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAiAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiAssistantsQueryKey }),
  });
}
