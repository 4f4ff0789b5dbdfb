import { messages, type ChatMessage } from '@consultorio/shared';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ChatMessageItem, MessageBubble } from './chat-message';
import { MessageMarkdown } from './message-markdown';

interface ChatThreadProps {
  /** Oldest first. */
  chatsMessages: readonly ChatMessage[];
  assistantName: string;
  isSending: boolean;
  /** The answer written so far, while it streams. */
  streamedText: string;
  pendingMessageId: string | null;
  /** Why the last message went unanswered, when this page saw it fail. */
  failureReason?: string | null;
  onRetry: () => void;
}

/** Whether the thread ends with a message of the professional that the assistant did not answer. */
function isUnanswered(chatsMessages: readonly ChatMessage[]): boolean {
  return chatsMessages.at(-1)?.sender === 'user';
}

/**
 * The messages, the answer as it streams, 'Assistente está digitando...' while a send runs,
 * and, under an unanswered message, the notice with 'Tentar novamente'. It follows the
 * newest message.
 */
export function ChatThread(props: ChatThreadProps) {
  const { chatsMessages, assistantName, isSending, streamedText, pendingMessageId, failureReason = null, onRetry } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const showsFailure = !isSending && isUnanswered(chatsMessages);

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chatsMessages, streamedText, isSending, showsFailure]);

  return (
    <Box
      ref={viewport}
      role="log"
      aria-label={messages.chats.threadLabel}
      p="md"
      // It takes the height its box leaves above the input bar, and scrolls inside.
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      <Stack gap="sm">
        {chatsMessages.length === 0 && !isSending && (
          <Text c="dimmed" ta="center" py="xl">
            {messages.chats.emptyThread}
          </Text>
        )}
        {chatsMessages.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            assistantName={assistantName}
            isPending={message.id === pendingMessageId}
          />
        ))}
        {showsFailure && (
          <Group justify="flex-end">
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              role="alert"
              maw="85%"
              py="xs"
            >
              <Group gap="sm">
                <Stack gap={2}>
                  {failureReason !== null && (
                    <Text size="sm" fw={600}>
                      {failureReason}
                    </Text>
                  )}
                  <Text size="sm">{messages.chats.failed}</Text>
                </Stack>
                <Button size="compact-sm" variant="white" color="orange" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
                  {messages.chats.retry}
                </Button>
              </Group>
            </Alert>
          </Group>
        )}
        {isSending && streamedText !== '' && (
          <MessageBubble isUser={false} author={assistantName} isPending>
            <MessageMarkdown text={streamedText} />
          </MessageBubble>
        )}
        {isSending && (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader type="dots" size="sm" />
            <Text size="sm" c="dimmed">
              {messages.chats.typing}
            </Text>
          </Group>
        )}
      </Stack>
    </Box>
  );
}
