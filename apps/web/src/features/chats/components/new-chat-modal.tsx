import { messages, type ChatCreateRequest } from '@consultorio/shared';
import { useNavigate } from 'react-router';
import { BusyModal } from '../../../components/busy-modal';
import { paths } from '../../../lib/paths';
import { useCreateChat } from '../api/create-chat';
import { ChatFields } from './chat-fields';

interface NewChatModalProps {
  patientId: string;
  opened: boolean;
  onClose: () => void;
}

const emptyChat: ChatCreateRequest = { name: '', aiAssistantId: '' };

/** 'Nova Sessão com Assistente': a name and an assistant, both required; then the new chat opens. */
export function NewChatModal({ patientId, opened, onClose }: NewChatModalProps) {
  const createChat = useCreateChat();
  const navigate = useNavigate();
  const isCreating = createChat.isPending;
  return (
    <BusyModal opened={opened} title={messages.chats.newChat} isBusy={isCreating} onClose={onClose}>
      {/* The content unmounts when the modal closes, so every opening starts with empty fields. */}
      <ChatFields
        defaultValues={emptyChat}
        submitLabel={isCreating ? messages.common.creating : messages.common.create}
        disabled={isCreating}
        onClose={onClose}
        onSubmit={(chat) =>
          createChat.mutate(
            { patientId, chat },
            {
              onSuccess: (response) => {
                onClose();
                void navigate(paths.patientChat(patientId, response.data.chat.id));
              },
            },
          )
        }
      />
    </BusyModal>
  );
}
