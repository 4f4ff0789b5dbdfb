import { messages, type Chat } from '@consultorio/shared';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { CardActions } from '../../../components/card-actions';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { AssistantBadge, assistantColor } from './assistant-badge';

interface ChatCardProps {
  chat: Chat;
  onEdit: (chat: Chat) => void;
}

/** A session in the patient's list: an icon, the assistant as a coloured label, its name and creation date. */
export function ChatCard({ chat, onEdit }: ChatCardProps) {
  return (
    <Paper component="article" aria-label={chat.name} p="md" h="100%">
      <Stack justify="space-between" h="100%">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ThemeIcon size="lg" radius="md" variant="light" color={assistantColor(chat.aiAssistantId)} aria-hidden>
            <IconMessageChatbot size={20} />
          </ThemeIcon>
          <Stack gap={6} miw={0}>
            <Group gap="xs">
              <AssistantBadge aiAssistantId={chat.aiAssistantId} name={chat.aiAssistantName} />
            </Group>
            <Text fw={600} truncate title={chat.name}>
              {chat.name}
            </Text>
            <Text size="xs" c="dimmed">
              {messages.chats.createdOn(formatDateTime(chat.creationDate))}
            </Text>
          </Stack>
        </Group>
        <CardActions
          openTo={paths.patientChat(chat.patientId, chat.id)}
          openLabel={messages.chats.open}
          editLabel={messages.chats.edit}
          onEdit={() => onEdit(chat)}
        />
      </Stack>
    </Paper>
  );
}
