import { messages, type Chat } from '@consultorio/shared';
import { Divider, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BusyModal } from '../../../components/busy-modal';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DangerZone } from '../../../components/danger-zone';
import { useDeleteChat } from '../api/delete-chat';
import { useUpdateChat } from '../api/update-chat';
import { ChatFields } from './chat-fields';

interface EditChatModalProps {
  /** The session whose 'Editar' was clicked. */
  chat: Chat;
  opened: boolean;
  onClose: () => void;
  /** After the delete, instead of just closing (the chat page goes back to the list). */
  onDeleted?: () => void;
}

/** 'Editar Sessão com Assistente': name and assistant, and the alert zone whose delete asks for confirmation first. */
export function EditChatModal({ chat, opened, onClose, onDeleted = onClose }: EditChatModalProps) {
  const updateChat = useUpdateChat();
  const deleteChat = useDeleteChat();
  const [isConfirming, confirmation] = useDisclosure(false);
  const isSaving = updateChat.isPending;
  const isDeleting = deleteChat.isPending;
  const isBusy = isSaving || isDeleting;

  const close = () => {
    if (!isBusy) onClose();
  };

  const confirmDelete = () =>
    deleteChat.mutate(chat.id, {
      onSuccess: () => {
        confirmation.close();
        onDeleted();
      },
    });

  return (
    <>
      <BusyModal opened={opened} title={messages.chats.editChat} isBusy={isBusy} onClose={onClose}>
        <Stack>
          {/* Unmounted when closed: each opening starts from the saved values. */}
          <ChatFields
            defaultValues={{ name: chat.name, aiAssistantId: chat.aiAssistantId }}
            savedAssistantName={chat.aiAssistantName}
            submitLabel={isSaving ? messages.common.saving : messages.common.save}
            isBusy={isBusy}
            onClose={close}
            onSubmit={(update) => updateChat.mutate({ chatId: chat.id, update }, { onSuccess: onClose })}
          />
          <Divider />
          <DangerZone
            title={messages.chats.deleteZone}
            text={messages.chats.deleteZoneText}
            buttonLabel={messages.chats.deleteChat}
            disabled={isBusy}
            onDelete={confirmation.open}
          />
        </Stack>
      </BusyModal>
      <ConfirmDeleteModal
        opened={isConfirming}
        text={messages.chats.deleteConfirmation}
        isDeleting={isDeleting}
        onConfirm={confirmDelete}
        onClose={confirmation.close}
      />
    </>
  );
}
