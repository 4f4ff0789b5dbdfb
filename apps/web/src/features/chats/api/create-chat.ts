import { chatsApi, type ChatCreateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { chatListQueryKey } from './list-chats';

export interface CreateChatVariables {
  patientId: string;
  chat: ChatCreateRequest;
}

export function createChat({ patientId, chat }: CreateChatVariables) {
  return apiClient.call(chatsApi.create, { params: { id: patientId }, body: chat });
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: async (_response, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatListQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
