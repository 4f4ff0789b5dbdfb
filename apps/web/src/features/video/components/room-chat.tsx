import { messages } from '@consultorio/shared';
import { ActionIcon, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { ChatLine } from '../hooks/use-room-session';

interface RoomChatProps {
  lines: readonly ChatLine[];
  peerName: string;
  timeZone: string;
  onSend: (text: string) => void;
}

const CHAT_MAX = 2000;

function timeOf(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(at));
}

/** The room's text chat: relayed to the other participant and kept by no one. */
export function RoomChat({ lines, peerName, timeZone, onSend }: RoomChatProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === '') return;
    onSend(message);
    setText('');
  };
  return (
    <Paper withBorder p="sm" component="section" aria-label={messages.video.chatTitle}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {messages.video.chatTitle}
        </Title>
        <ScrollArea.Autosize mah={260}>
          <Stack gap={6} role="log" aria-live="polite">
            {lines.length === 0 && (
              <Text size="sm" c="dimmed">
                {messages.video.chatEmpty}
              </Text>
            )}
            {lines.map((line) => (
              <Text key={line.id} size="sm">
                <Text span fw={600}>
                  {line.fromSelf ? messages.video.chatYou : peerName}
                </Text>{' '}
                <Text span c="dimmed" size="xs">
                  {timeOf(line.at, timeZone)}
                </Text>
                <br />
                {line.text}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <form onSubmit={submit}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={messages.video.chatMessage}
              placeholder={messages.video.chatPlaceholder}
              value={text}
              maxLength={CHAT_MAX}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <ActionIcon type="submit" size="lg" aria-label={messages.video.chatSend}>
              <IconSend aria-hidden size={18} />
            </ActionIcon>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
