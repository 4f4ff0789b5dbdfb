import { chatsApi, type ChatUpdateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { chatQueryKey, type ChatDetail } from './get-chat';
import { chatListsQueryKey } from './list-chats';

export interface UpdateChatVariables {
  chatId: string;
  update: ChatUpdateRequest;
}

/** Renames the session or changes its assistant. */
export function updateChat({ chatId, update }: UpdateChatVariables) {
  return apiClient.call(chatsApi.update, { params: { id: chatId }, body: update });
}

export function useUpdateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChat,
    onSuccess: async (response) => {
      const { chat, aiAssistant } = response.data;
      queryClient.setQueryData<ChatDetail>(chatQueryKey(chat.id), (detail) =>
        detail ? { ...detail, chat, aiAssistant } : detail,
      );
      await queryClient.invalidateQueries({ queryKey: chatListsQueryKey });
    },
  });
}
