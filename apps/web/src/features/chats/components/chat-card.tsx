import { messages, type Chat } from '@consultorio/shared';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconMessageChatbot, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
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
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.patientChat(chat.patientId, chat.id)}
            size="xs"
            variant="light"
            leftSection={<IconExternalLink size={16} />}
          >
            {messages.chats.open}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(chat)}>
            {messages.chats.edit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
