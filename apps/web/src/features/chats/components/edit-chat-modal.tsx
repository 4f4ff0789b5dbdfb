import { messages, type Chat } from '@consultorio/shared';
import { EditItemModal, type EditItemModalLabels } from '../../../components/edit-item-modal';
import { useDeleteChat } from '../api/delete-chat';
import { useUpdateChat } from '../api/update-chat';
import { ChatFields } from './chat-fields';

const labels: EditItemModalLabels = {
  title: messages.chats.editChat,
  deleteZone: messages.chats.deleteZone,
  deleteZoneText: messages.chats.deleteZoneText,
  deleteButton: messages.chats.deleteChat,
  deleteConfirmation: messages.chats.deleteConfirmation,
};

interface EditChatModalProps {
  /** The session whose 'Editar' was clicked. */
  chat: Chat;
  opened: boolean;
  onClose: () => void;
  /** After the delete, instead of just closing (the chat page goes back to the list). */
  onDeleted?: () => void;
}

/** 'Editar Sessão com Assistente': name and assistant, and the alert zone whose delete asks for confirmation first. */
export function EditChatModal({ chat, opened, onClose, onDeleted }: EditChatModalProps) {
  const updateChat = useUpdateChat();
  const deleteChat = useDeleteChat();
  return (
    <EditItemModal
      labels={labels}
      opened={opened}
      isSaving={updateChat.isPending}
      isDeleting={deleteChat.isPending}
      onClose={onClose}
      onDelete={(deleted) => deleteChat.mutate(chat.id, { onSuccess: deleted })}
      onDeleted={onDeleted}
    >
      {(form) => (
        <ChatFields
          defaultValues={{ name: chat.name, aiAssistantId: chat.aiAssistantId }}
          savedAssistantName={chat.aiAssistantName}
          {...form}
          onSubmit={(update) => updateChat.mutate({ chatId: chat.id, update }, { onSuccess: onClose })}
        />
      )}
    </EditItemModal>
  );
}
