import type { ChatMessage, ChatMessageContent } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { chatQueryKey, withMessages, type ChatDetail } from './get-chat';
import { chatListsQueryKey } from './list-chats';
import { isMessageStored, streamChatMessage, type ChatSend } from './stream-chat-message';

function contentOf(send: Exclude<ChatSend, { kind: 'retry' }>): ChatMessageContent {
  switch (send.kind) {
    case 'text':
      return { text: send.text };
    case 'attachment':
      return send.text.trim() === ''
        ? { attachments: [send.file.name] }
        : { text: send.text.trim(), attachments: [send.file.name] };
    case 'form':
      return { form: send.formName };
    case 'record':
      return { record: send.recordName };
  }
}

/** The professional's message as shown until the server's thread replaces it; its id is the time. */
function pendingMessageOf(send: ChatSend, now = new Date()): ChatMessage | null {
  if (send.kind === 'retry') return null;
  const instant = now.toISOString();
  return {
    id: String(now.getTime()),
    sender: 'user',
    content: contentOf(send),
    createdAt: instant,
    creationDate: instant,
  };
}

export interface ChatSender {
  send: (send: ChatSend) => Promise<ChatMessage[]>;
  isSending: boolean;
  /** The answer written so far, while it streams. */
  streamedText: string;
  /** The id of the message shown before the server has it, while it is sent. */
  pendingMessageId: string | null;
  /** Why the last message stored went unanswered (the thread shows it with 'Tentar novamente'). */
  failureReason: string | null;
}

/**
 * Sends to a chat with an optimistic message: it is appended at once, the answer grows in
 * `streamedText`, and the server's thread replaces both when the answer is stored. On a
 * failure the chat is read again (the server keeps a stored message). A message refused before
 * it was stored is toasted like every call's failure; one stored but unanswered is told in the
 * thread, beside 'Tentar novamente', and not in a toast as well.
 */
export function useSendChatMessage(chatId: string): ChatSender {
  const queryClient = useQueryClient();
  const [streamedText, setStreamedText] = useState('');
  const [pendingMessageId, setPendingMessageId] = useState<string | null>(null);
  const [failureReason, setFailureReason] = useState<string | null>(null);
  const key = chatQueryKey(chatId);

  const clear = () => {
    setStreamedText('');
    setPendingMessageId(null);
  };

  const mutation = useMutation({
    mutationFn: (send: ChatSend) =>
      streamChatMessage(chatId, send, { onDelta: (text) => setStreamedText((written) => written + text) }),
    meta: { errorShownInline: isMessageStored },
    onMutate: async (send) => {
      setStreamedText('');
      setFailureReason(null);
      const pending = pendingMessageOf(send);
      if (pending === null) return;
      // A refetch landing now would drop the pending message.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ChatDetail>(key, (detail) =>
        withMessages(detail, [...(detail?.chatsMessages ?? []), pending]),
      );
      setPendingMessageId(pending.id);
    },
    onSuccess: (chatsMessages) => {
      queryClient.setQueryData<ChatDetail>(key, (detail) => withMessages(detail, chatsMessages));
      clear();
      // The thread is current; this brings the session's "last modified" (here and in the list).
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: chatListsQueryKey });
    },
    onError: async (error) => {
      clear();
      if (isMessageStored(error) && error instanceof Error) setFailureReason(error.message);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });

  return {
    send: mutation.mutateAsync,
    isSending: mutation.isPending,
    streamedText,
    pendingMessageId,
    failureReason,
  };
}
