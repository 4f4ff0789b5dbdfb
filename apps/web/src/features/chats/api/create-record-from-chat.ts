import { chatsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { recordListQueryKey, userStatsQueryKey } from '../../../lib/query-keys';

export interface CreateRecordFromChatVariables {
  patientId: string;
  chatId: string;
  name: string;
}

/** Asks the session's assistant to write a record from the thread; as slow as an answer. */
export function createRecordFromChat({ patientId, chatId, name }: CreateRecordFromChatVariables) {
  return apiClient.call(chatsApi.recordFromChat, { params: { id: patientId }, body: { name, chatId } });
}

export function useCreateRecordFromChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecordFromChat,
    onSuccess: async (_response, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recordListQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
