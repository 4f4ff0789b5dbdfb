import { messages, sendFormRequest, sendRecordRequest, type AiAssistant } from '@consultorio/shared';
import { ActionIcon, Button, Center, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageChatbot, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ItemDetailsPanel } from '../../../components/item-details-panel';
import { useMaxWidth } from '../../../hooks/use-min-width';
import { useViewportFill } from '../../../hooks/use-viewport-fill';
import { formatDateTime, formatDateTimeOrDash } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useToastClearance } from '../../../lib/toasts';
import { useCreateRecordFromChat } from '../api/create-record-from-chat';
import { useChatDetail, type ChatDetail } from '../api/get-chat';
import { usePatientForms } from '../api/list-patient-forms';
import { usePatientRecords } from '../api/list-patient-records';
import { useSendChatMessage } from '../api/send-chat-message';
import { isMessageStored, type ChatSend } from '../api/stream-chat-message';
import { assistantColor } from './assistant-badge';
import { ChatInput, type ChatDraft } from './chat-input';
import { ChatThread } from './chat-thread';
import { ChooseItemModal, type ChooseItemLabels } from './choose-item-modal';
import { EditChatModal } from './edit-chat-modal';
import { GenerateRecordModal } from './generate-record-modal';

interface ChatViewProps {
  patientId: string;
  chatId: string;
}

/** The open session: its details on the left, the thread and the input bar on the right. */
export function ChatView({ patientId, chatId }: ChatViewProps) {
  const { data: detail, isPending } = useChatDetail(chatId);

  if (isPending) {
    return (
      <Center mih="40vh" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{messages.chats.loading}</Text>
        </Group>
      </Center>
    );
  }
  // A missing session (or one of another patient, reached by editing the address) shows only
  // the way back; a failed fetch has already shown its toast.
  if (!detail || detail.chat.patientId !== patientId) return <BackToList patientId={patientId} />;
  return <ChatScreen key={detail.chat.id} detail={detail} />;
}

function BackToList({ patientId }: { patientId: string }) {
  return <BackLink to={paths.patientChats(patientId)} label={messages.chats.backToList} />;
}

/** The session's assistant, in its colour. */
function AssistantLine({ aiAssistant }: { aiAssistant: AiAssistant }) {
  const color = assistantColor(aiAssistant.id);
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="md" radius="md" variant="light" color={color} aria-hidden>
        <IconMessageChatbot size={16} />
      </ThemeIcon>
      <Text size="sm" fw={600} c={`var(--mantine-color-${color}-light-color)`} style={{ overflowWrap: 'anywhere' }}>
        {aiAssistant.name}
      </Text>
    </Group>
  );
}

type OpenModal = 'edit' | 'form' | 'record' | 'generate' | null;

const formLabels: ChooseItemLabels = {
  title: messages.chats.sendForm,
  field: messages.chats.chooseForm,
  empty: messages.chats.noForms,
};

const recordLabels: ChooseItemLabels = {
  title: messages.chats.sendRecord,
  field: messages.chats.chooseRecord,
  empty: messages.chats.noRecords,
};

/** Below this width the session is laid out for a phone: a short header, the input bar's actions in a menu. */
const PHONE_MAX_WIDTH_PX = 640;
/** The chat (thread and input bar) ends this far above the viewport's bottom: the page's padding. */
const CHAT_BOTTOM_GAP_PX = 32;
const CHAT_MIN_HEIGHT_PX = 320;

interface SessionHeaderProps {
  chat: ChatDetail['chat'];
  aiAssistant: AiAssistant;
  disabled: boolean;
  onEdit: () => void;
}

/** The session's details on a phone: assistant, name and dates in a few lines, and 'Editar' as an icon. */
function CompactSessionHeader({ chat, aiAssistant, disabled, onEdit }: SessionHeaderProps) {
  return (
    <Paper component="aside" aria-label={chat.name} p="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <AssistantLine aiAssistant={aiAssistant} />
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {chat.name}
          </Title>
          <Text size="xs" c="dimmed">
            {messages.chats.createdAt} {formatDateTime(chat.creationDate)} · {messages.chats.updatedAt}{' '}
            {formatDateTimeOrDash(chat.lastUpdateDate)}
          </Text>
        </Stack>
        <ActionIcon variant="default" size="lg" aria-label={messages.chats.edit} title={messages.chats.edit} onClick={onEdit} disabled={disabled}>
          <IconPencil size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function ChatScreen({ detail }: { detail: ChatDetail }) {
  const { chat, aiAssistant, chatsMessages } = detail;
  const navigate = useNavigate();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const closeModal = () => setOpenModal(null);
  const sender = useSendChatMessage(chat.id);
  const generateRecord = useCreateRecordFromChat();
  const forms = usePatientForms(chat.patientId, openModal === 'form');
  const records = usePatientRecords(chat.patientId, openModal === 'record');
  const isBusy = sender.isSending || generateRecord.isPending;
  const isPhone = useMaxWidth(PHONE_MAX_WIDTH_PX);
  // The thread and the input bar fill what is left of the viewport; only the thread scrolls.
  const [placeChat, chatHeight] = useViewportFill<HTMLDivElement>(CHAT_MIN_HEIGHT_PX, CHAT_BOTTOM_GAP_PX);
  // A phone's toasts open at the bottom: above the input bar, not over its send button.
  const [inputBar, setInputBar] = useState<HTMLDivElement | null>(null);
  useToastClearance(inputBar);

  /** Sends without waiting: the toast and the thread tell how it went. */
  const sendNow = (send: ChatSend) => {
    sender.send(send).catch(() => undefined);
  };

  const sendDraft = async ({ text, file }: ChatDraft): Promise<boolean> => {
    try {
      await sender.send(file ? { kind: 'attachment', file, text } : { kind: 'text', text });
      return true;
    } catch (error) {
      // Stored but unanswered: the thread shows it with 'Tentar novamente', so the draft goes.
      // Refused before it was stored (too long, file too big...): the draft stays to be fixed.
      return isMessageStored(error);
    }
  };

  const generate = (name: string) =>
    generateRecord.mutate(
      { patientId: chat.patientId, chatId: chat.id, name },
      {
        onSuccess: (response) => {
          closeModal();
          void navigate(paths.patientRecord(chat.patientId, response.data.record.id));
        },
      },
    );

  return (
    <Stack>
      <BackToList patientId={chat.patientId} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          {isPhone ? (
            <CompactSessionHeader chat={chat} aiAssistant={aiAssistant} disabled={isBusy} onEdit={() => setOpenModal('edit')} />
          ) : (
            <ItemDetailsPanel
              item={chat}
              labels={messages.chats}
              header={<AssistantLine aiAssistant={aiAssistant} />}
              actions={
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setOpenModal('edit')}
                  disabled={isBusy}
                >
                  {messages.chats.edit}
                </Button>
              }
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper ref={placeChat} h={chatHeight} style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
            <ChatThread
              chatsMessages={chatsMessages}
              assistantName={aiAssistant.name}
              isSending={sender.isSending}
              streamedText={sender.streamedText}
              pendingMessageId={sender.pendingMessageId}
              failureReason={sender.failureReason}
              onRetry={() => sendNow({ kind: 'retry' })}
            />
            <Paper
              ref={setInputBar}
              withBorder={false}
              p={isPhone ? 'sm' : 'md'}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
            >
              <ChatInput
                chatId={chat.id}
                disabled={isBusy}
                compact={isPhone}
                onSend={sendDraft}
                onGenerateRecord={() => setOpenModal('generate')}
                onSendForm={() => setOpenModal('form')}
                onSendRecord={() => setOpenModal('record')}
              />
            </Paper>
          </Paper>
        </Grid.Col>
      </Grid>

      <EditChatModal
        chat={chat}
        opened={openModal === 'edit'}
        onClose={closeModal}
        onDeleted={() => void navigate(paths.patientChats(chat.patientId), { replace: true })}
      />
      <ChooseItemModal
        labels={formLabels}
        idSchema={sendFormRequest.shape.formId}
        list={forms}
        opened={openModal === 'form'}
        onClose={closeModal}
        onChoose={(form) => {
          closeModal();
          sendNow({ kind: 'form', formId: form.id, formName: form.name });
        }}
      />
      <ChooseItemModal
        labels={recordLabels}
        idSchema={sendRecordRequest.shape.recordId}
        list={records}
        opened={openModal === 'record'}
        onClose={closeModal}
        onChoose={(record) => {
          closeModal();
          sendNow({ kind: 'record', recordId: record.id, recordName: record.name });
        }}
      />
      <GenerateRecordModal
        defaultName={chat.name}
        opened={openModal === 'generate'}
        isGenerating={generateRecord.isPending}
        onClose={closeModal}
        onGenerate={generate}
      />
    </Stack>
  );
}
