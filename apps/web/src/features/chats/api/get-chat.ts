import { chatsApi, type ChatMessage, type RouteData } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The session with its assistant, its thread (oldest first) and its patient. */
export type ChatDetail = RouteData<typeof chatsApi.get>;

export function chatQueryKey(chatId: string) {
  return ['chats', 'detail', chatId] as const;
}

export async function getChat(chatId: string, signal?: AbortSignal): Promise<ChatDetail> {
  const response = await apiClient.call(chatsApi.get, { params: { id: chatId }, signal });
  return response.data;
}

export function chatQueryOptions(chatId: string) {
  return queryOptions({
    queryKey: chatQueryKey(chatId),
    queryFn: ({ signal }) => getChat(chatId, signal),
  });
}

/** One of the professional's chat sessions with its thread; another's or a missing one fails with 404. */
export function useChatDetail(chatId: string) {
  return useQuery(chatQueryOptions(chatId));
}

/** Replaces the thread in the cached detail, keeping the rest. */
export function withMessages(detail: ChatDetail | undefined, chatsMessages: ChatMessage[]): ChatDetail | undefined {
  return detail ? { ...detail, chatsMessages } : detail;
}
