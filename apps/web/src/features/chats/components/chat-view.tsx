import { messages, sendFormRequest, sendRecordRequest, type AiAssistant } from '@consultorio/shared';
import { Button, Center, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageChatbot, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ItemDetailsPanel } from '../../../components/item-details-panel';
import { paths } from '../../../lib/paths';
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

/** Leaves room for the top bar, the page title and the input bar; the thread scrolls inside. */
const THREAD_HEIGHT = 'max(280px, calc(100dvh - 430px))';

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
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper>
            <ChatThread
              chatsMessages={chatsMessages}
              assistantName={aiAssistant.name}
              isSending={sender.isSending}
              streamedText={sender.streamedText}
              pendingMessageId={sender.pendingMessageId}
              onRetry={() => sendNow({ kind: 'retry' })}
              height={THREAD_HEIGHT}
            />
            <Paper withBorder={false} p="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <ChatInput
                chatId={chat.id}
                disabled={isBusy}
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
