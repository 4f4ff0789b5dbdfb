import { messages, type ClinicalRecord } from '@consultorio/shared';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { ItemList } from '../../../components/item-list';
import { useEditedItem } from '../../../hooks/use-edited-item';
import { useRecordList } from '../api/list-records';
import { EditRecordModal } from './edit-record-modal';
import { NewRecordModal } from './new-record-modal';
import { RecordCard } from './record-card';
import { filterByName, sortNewestFirst } from '../../../lib/named-items';

/**
 * A patient's records, newest first, with the search (over the loaded list, as one types),
 * 'Novo Prontuário' and each card's 'Editar'.
 */
export function RecordList({ patientId }: { patientId: string }) {
  const list = useRecordList(patientId);
  const [isCreating, newModal] = useDisclosure(false);
  const edited = useEditedItem<ClinicalRecord>();
  const sorted = useMemo(() => sortNewestFirst(list.data ?? []), [list.data]);

  return (
    <ItemList
      items={sorted}
      isPending={list.isPending}
      isError={list.isError}
      searchPlaceholder={messages.records.searchPlaceholder}
      newLabel={messages.records.newRecord}
      emptyText={messages.records.empty}
      filter={filterByName}
      renderCard={(record) => <RecordCard record={record} onEdit={edited.edit} />}
      onNew={newModal.open}
    >
      <NewRecordModal patientId={patientId} opened={isCreating} onClose={newModal.close} />
      {edited.item && <EditRecordModal record={edited.item} opened={edited.isEditing} onClose={edited.close} />}
    </ItemList>
  );
}
