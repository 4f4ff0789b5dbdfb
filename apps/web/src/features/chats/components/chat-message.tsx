import { limits, messages, type ChatMessage, type ChatMessageContent, type ChatMessageFile } from '@consultorio/shared';
import { Alert, Anchor, Box, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconFileText, IconForms, IconPaperclip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fileUrl, formatDateTime } from '../../../lib/format';
import { copyTextOf } from './message-copy';
import { MessageMarkdown } from './message-markdown';

interface ChatMessageItemProps {
  message: ChatMessage;
  /** Who 'other' is: the session's assistant. */
  assistantName: string;
  /** Sent but not yet stored: shown faded, without a copy button. */
  isPending?: boolean;
}

/** One message of the thread: the professional's on the right, the assistant's on the left. */
export function ChatMessageItem({ message, assistantName, isPending = false }: ChatMessageItemProps) {
  const isUser = message.sender === 'user';
  const author = isUser ? messages.chats.you : assistantName;
  const copyText = copyTextOf(message.content);
  return (
    <MessageBubble
      isUser={isUser}
      author={author}
      time={isPending ? messages.common.sending : formatDateTime(message.creationDate)}
      isPending={isPending}
      footer={
        !isPending &&
        copyText !== '' && (
          <CopyButton value={copyText} timeout={limits.copiedMessageMs}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? messages.chats.copied : messages.chats.copy}
              </Button>
            )}
          </CopyButton>
        )
      }
    >
      <MessageContent content={message.content} files={message.files ?? []} />
    </MessageBubble>
  );
}

interface MessageBubbleProps {
  isUser: boolean;
  author: string;
  time?: string;
  isPending?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of a message; the streamed answer uses it too. */
export function MessageBubble({ isUser, author, time, isPending = false, footer, children }: MessageBubbleProps) {
  return (
    <Group justify={isUser ? 'flex-end' : 'flex-start'} wrap="nowrap">
      <Paper
        component="article"
        aria-label={author}
        aria-busy={isPending || undefined}
        px="md"
        py="xs"
        maw="85%"
        miw={0}
        bg={isUser ? 'teal.0' : 'white'}
        style={{
          borderColor: isUser ? 'var(--mantine-color-teal-2)' : undefined,
          opacity: isPending ? 0.7 : undefined,
        }}
      >
        <Stack gap={4}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" fw={600} c={isUser ? 'teal.9' : 'dark.4'} truncate>
              {author}
            </Text>
            {time !== undefined && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {time}
              </Text>
            )}
          </Group>
          <Box>{children}</Box>
          {footer && <Group justify="flex-end">{footer}</Group>}
        </Stack>
      </Paper>
    </Group>
  );
}

/** Each attached name with its stored file when there is one (names may repeat; each file is used once). */
function withFiles(names: readonly string[], files: readonly ChatMessageFile[]): Array<{ name: string; file?: ChatMessageFile }> {
  const unused = [...files];
  return names.map((name) => {
    const index = unused.findIndex((file) => file.name === name);
    return index === -1 ? { name } : { name, file: unused.splice(index, 1)[0] };
  });
}

/** Markdown text, the attached files' names (each opening its file), the form's and the record's names. */
function MessageContent({ content, files = [] }: { content: ChatMessageContent; files?: readonly ChatMessageFile[] }) {
  const attachments = withFiles(content.attachments ?? [], files);
  return (
    <Stack gap={6}>
      {content.text !== undefined && content.text !== '' && <MessageMarkdown text={content.text} />}
      {attachments.length > 0 && (
        <List
          aria-label={messages.chats.attachmentsLabel}
          size="sm"
          spacing={2}
          icon={<IconPaperclip size={14} aria-hidden />}
          center
        >
          {attachments.map(({ name, file }, index) => (
            <List.Item key={`${index}-${name}`} style={{ overflowWrap: 'anywhere' }}>
              {file ? (
                <Anchor href={fileUrl(file.externalKey)} target="_blank" rel="noopener noreferrer" title={messages.chats.download}>
                  {name}
                </Anchor>
              ) : (
                name
              )}
            </List.Item>
          ))}
        </List>
      )}
      {content.unreadable !== undefined && content.unreadable.length > 0 && <UnreadableFilesNote names={content.unreadable} />}
      {content.form !== undefined && (
        <Group gap={6} wrap="nowrap">
          <IconForms size={14} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {messages.chats.sentForm(content.form)}
          </Text>
        </Group>
      )}
      {content.record !== undefined && (
        <Group gap={6} wrap="nowrap">
          <IconFileText size={14} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {messages.chats.sentRecord(content.record)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Under the files whose text could not be read (they are stored all the same): a note, not an
 * alert, since it stays in the thread. Black text on a light orange ground (about 18:1).
 */
function UnreadableFilesNote({ names }: { names: readonly string[] }) {
  return (
    <Alert role="note" variant="light" color="orange" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {messages.chats.unreadableFiles(names)}
      </Text>
    </Alert>
  );
}
