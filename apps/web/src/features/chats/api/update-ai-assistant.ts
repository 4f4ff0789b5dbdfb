import { assistantsApi, type AiAssistantWriteRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { aiAssistantsQueryKey } from './list-ai-assistants';
import { chatListsQueryKey } from './list-chats';

export interface UpdateAiAssistantVariables {
  assistantId: string;
  assistant: AiAssistantWriteRequest;
}

/** Changes an own assistant; its sessions' next answers follow the new instructions. */
export function updateAiAssistant({ assistantId, assistant }: UpdateAiAssistantVariables) {
  return apiClient.call(assistantsApi.update, { params: { id: assistantId }, body: assistant });
}

export function useUpdateAiAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiAssistant,
    // A new name shows on the sessions that use it too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aiAssistantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: chatListsQueryKey }),
      ]),
  });
}
