import { chatsApi, type Chat } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every patient's list; invalidate this after any change to a chat session. */
export const chatListsQueryKey = ['chats', 'list'] as const;

export function chatListQueryKey(patientId: string) {
  return [...chatListsQueryKey, patientId] as const;
}

export async function listChats(patientId: string, signal?: AbortSignal): Promise<Chat[]> {
  const response = await apiClient.call(chatsApi.list, { params: { id: patientId }, signal });
  return response.data.chats;
}

/** The patient's chat sessions, newest first, each with its assistant's name. */
export function useChatList(patientId: string) {
  return useQuery({
    queryKey: chatListQueryKey(patientId),
    queryFn: ({ signal }) => listChats(patientId, signal),
  });
}
