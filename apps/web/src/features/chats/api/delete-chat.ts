import { chatsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { chatQueryKey } from './get-chat';
import { chatListsQueryKey } from './list-chats';

/** Deletes the session with its messages and sent files. */
export function deleteChat(chatId: string) {
  return apiClient.call(chatsApi.remove, { params: { id: chatId } });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: async (_response, chatId) => {
      // Only when no screen shows it: removing the detail under the open chat page would make
      // it fetch the deleted session again (a 404) before it leaves for the list.
      queryClient.removeQueries({ queryKey: chatQueryKey(chatId), type: 'inactive' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
