import { messages } from '@consultorio/shared';
import { Button, CloseButton, FileButton, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { useFileDialog } from '@mantine/hooks';
import { IconDotsVertical, IconFileText, IconForms, IconNotes, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface ChatDraft {
  /** Trimmed. */
  text: string;
  file: File | null;
}

interface ChatInputProps {
  /** The session the draft belongs to. */
  chatId: string;
  /** While a send runs (or the page is busy) nothing can be typed or sent. */
  disabled: boolean;
  /**
   * Sends the draft; resolves true when the draft is done with (sent, or stored by the server
   * even if unanswered) and the text and file are to be cleared.
   */
  onSend: (draft: ChatDraft) => Promise<boolean>;
  onGenerateRecord: () => void;
  onSendForm: () => void;
  onSendRecord: () => void;
  /**
   * A phone's layout: the text box on its own full-width row, then the other ways to send in
   * one 'Mais ações' menu beside 'Enviar'.
   */
  compact?: boolean;
}

/** Whether 'Enviar' may send: a file, or some text that is not only spaces. */
export function canSend(text: string, file: File | null): boolean {
  return file !== null || text.trim() !== '';
}

function draftKey(chatId: string): string {
  return `consultorio:chat-draft:${chatId}`;
}

function readDraft(chatId: string): string {
  try {
    return sessionStorage.getItem(draftKey(chatId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(chatId: string, text: string): void {
  try {
    if (text === '') sessionStorage.removeItem(draftKey(chatId));
    else sessionStorage.setItem(draftKey(chatId), text);
  } catch {
    // Storage full or disabled: the draft lives only on the page, as it would anyway.
  }
}

/**
 * The text typed in a session, kept in this tab's session storage until it is sent, so going
 * to another page (a record to look something up) and coming back loses no word.
 */
function useDraftText(chatId: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => readDraft(chatId));
  const update = (next: string) => {
    setText(next);
    writeDraft(chatId, next);
  };
  return [text, update];
}

/**
 * The input bar: the message, an optional attached file (one), 'Enviar' and the other ways
 * to send. Enter sends, Shift+Enter starts a new line.
 */
export function ChatInput(props: ChatInputProps) {
  const { chatId, disabled, onSend, onGenerateRecord, onSendForm, onSendRecord, compact = false } = props;
  const [text, setText] = useDraftText(chatId);
  const [file, setFile] = useState<File | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const resetFileInput = useRef<() => void>(null);
  const wasDisabled = useRef(disabled);
  const isSendable = !disabled && canSend(text, file);

  // Back to the text box when a send ends, ready for the next message.
  useEffect(() => {
    if (wasDisabled.current && !disabled) textareaRef.current?.focus();
    wasDisabled.current = disabled;
  }, [disabled]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    // The same file can be chosen again after it is removed or sent.
    resetFileInput.current?.();
  };
  // The menu's 'Enviar anexo' opens the file dialog from an input outside the menu, which closes first.
  const fileDialog = useFileDialog({ multiple: false, resetOnOpen: true, onChange: (files) => setFile(files?.[0] ?? null) });

  const submit = async () => {
    if (!isSendable) return;
    const isDone = await onSend({ text: text.trim(), file });
    if (!isDone) return;
    setText('');
    setFile(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const messageBox = (
    <Textarea
      ref={textareaRef}
      aria-label={messages.chats.messageLabel}
      placeholder={file ? messages.chats.placeholderWithAttachment : messages.chats.placeholder}
      autosize
      minRows={compact ? 1 : 2}
      maxRows={compact ? 5 : 8}
      value={text}
      disabled={disabled}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      style={{ flex: 1 }}
    />
  );
  const sendButton = (
    <Button leftSection={<IconSend size={16} />} onClick={() => void submit()} disabled={!isSendable}>
      {messages.chats.send}
    </Button>
  );

  return (
    <Stack gap="xs">
      {file && (
        <Group
          role="group"
          aria-label={messages.chats.chosenAttachment}
          gap={6}
          wrap="nowrap"
          pl="sm"
          pr={4}
          py={2}
          maw="100%"
          bg="gray.1"
          style={{ alignSelf: 'flex-start', borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <IconPaperclip size={14} aria-hidden />
          <Text size="sm" truncate title={file.name}>
            {file.name}
          </Text>
          <CloseButton
            size="sm"
            radius="xl"
            aria-label={messages.chats.removeAttachment}
            title={messages.chats.removeAttachment}
            onClick={() => setFile(null)}
            disabled={disabled}
          />
        </Group>
      )}
      {compact ? (
        <>
          {messageBox}
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Menu position="top-start" withinPortal>
              <Menu.Target>
                <Button variant="default" leftSection={<IconDotsVertical size={16} />} disabled={disabled}>
                  {messages.chats.moreActions}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconNotes size={16} />} onClick={onGenerateRecord}>
                  {messages.chats.generateRecord}
                </Menu.Item>
                <Menu.Item leftSection={<IconPaperclip size={16} />} onClick={fileDialog.open}>
                  {messages.chats.sendAttachment}
                </Menu.Item>
                <Menu.Item leftSection={<IconForms size={16} />} onClick={onSendForm}>
                  {messages.chats.sendForm}
                </Menu.Item>
                <Menu.Item leftSection={<IconFileText size={16} />} onClick={onSendRecord}>
                  {messages.chats.sendRecord}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {sendButton}
          </Group>
        </>
      ) : (
        <>
          <Group align="flex-end" wrap="nowrap" gap="xs">
            {messageBox}
            {sendButton}
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconNotes size={16} />}
              onClick={onGenerateRecord}
              disabled={disabled}
            >
              {messages.chats.generateRecord}
            </Button>
            <FileButton onChange={chooseFile} resetRef={resetFileInput} disabled={disabled}>
              {(fileProps) => (
                <Button {...fileProps} size="xs" variant="default" leftSection={<IconPaperclip size={16} />} disabled={disabled}>
                  {messages.chats.sendAttachment}
                </Button>
              )}
            </FileButton>
            <Button size="xs" variant="default" leftSection={<IconForms size={16} />} onClick={onSendForm} disabled={disabled}>
              {messages.chats.sendForm}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconFileText size={16} />} onClick={onSendRecord} disabled={disabled}>
              {messages.chats.sendRecord}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
