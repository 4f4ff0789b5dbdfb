import { messages, type Chat } from '@consultorio/shared';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { ItemList } from '../../../components/item-list';
import { useEditedItem } from '../../../hooks/use-edited-item';
import { filterByName, sortNewestFirst } from '../../../lib/named-items';
import { useChatList } from '../api/list-chats';
import { ChatCard } from './chat-card';
import { EditChatModal } from './edit-chat-modal';
import { NewChatModal } from './new-chat-modal';

/**
 * A patient's chat sessions, newest first, with the search (over the loaded list, as one
 * types), 'Nova Sessão com Assistente' and each card's 'Editar'.
 */
export function ChatList({ patientId }: { patientId: string }) {
  const list = useChatList(patientId);
  const [isCreating, newModal] = useDisclosure(false);
  const edited = useEditedItem<Chat>();
  const sorted = useMemo(() => sortNewestFirst(list.data ?? []), [list.data]);

  return (
    <ItemList
      items={sorted}
      isPending={list.isPending}
      isError={list.isError}
      searchPlaceholder={messages.chats.searchPlaceholder}
      newLabel={messages.chats.newChat}
      emptyText={messages.chats.empty}
      filter={filterByName}
      renderCard={(chat) => <ChatCard chat={chat} onEdit={edited.edit} />}
      onNew={newModal.open}
    >
      <NewChatModal patientId={patientId} opened={isCreating} onClose={newModal.close} />
      {edited.item && <EditChatModal chat={edited.item} opened={edited.isEditing} onClose={edited.close} />}
    </ItemList>
  );
}
