import { messages, type Form } from '@consultorio/shared';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { ItemList } from '../../../components/item-list';
import { useEditedItem } from '../../../hooks/use-edited-item';
import { useFormList } from '../api/list-forms';
import { EditFormModal } from './edit-form-modal';
import { filterByName, sortNewestFirst } from '../../../lib/named-items';
import { FormCard } from './form-card';
import { NewFormModal } from './new-form-modal';

/**
 * A patient's forms, newest first, with the search (over the loaded list, as one types),
 * 'Novo Formulário' and each card's 'Editar'.
 */
export function FormList({ patientId }: { patientId: string }) {
  const list = useFormList(patientId);
  const [isCreating, newModal] = useDisclosure(false);
  const edited = useEditedItem<Form>();
  const sorted = useMemo(() => sortNewestFirst(list.data ?? []), [list.data]);

  return (
    <ItemList
      items={sorted}
      isPending={list.isPending}
      isError={list.isError}
      searchPlaceholder={messages.forms.searchPlaceholder}
      newLabel={messages.forms.newForm}
      emptyText={messages.forms.empty}
      filter={filterByName}
      renderCard={(form) => <FormCard form={form} onEdit={edited.edit} />}
      onNew={newModal.open}
    >
      <NewFormModal patientId={patientId} opened={isCreating} onClose={newModal.close} />
      {edited.item && <EditFormModal form={edited.item} opened={edited.isEditing} onClose={edited.close} />}
    </ItemList>
  );
}
