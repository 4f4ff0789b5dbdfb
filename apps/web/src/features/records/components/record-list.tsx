import { messages, type ClinicalRecord } from '@consultorio/shared';
import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useRecordList } from '../api/list-records';
import { EditRecordModal } from './edit-record-modal';
import { NewRecordModal } from './new-record-modal';
import { RecordCard } from './record-card';
import { filterRecords, sortNewestFirst } from './record-filter';

/**
 * A patient's records, newest first, with the search (over the loaded list, as one types),
 * 'Novo Prontuário' and each card's 'Editar'.
 */
export function RecordList({ patientId }: { patientId: string }) {
  const list = useRecordList(patientId);
  const [search, setSearch] = useState('');
  const [isCreating, newModal] = useDisclosure(false);
  const [isEditing, editModal] = useDisclosure(false);
  // Kept after the modal closes so that it can fade out with its content.
  const [editedRecord, setEditedRecord] = useState<ClinicalRecord | null>(null);

  const sorted = useMemo(() => sortNewestFirst(list.data ?? []), [list.data]);
  const records = useMemo(() => filterRecords(sorted, search), [sorted, search]);

  const editRecord = (record: ClinicalRecord) => {
    setEditedRecord(record);
    editModal.open();
  };

  return (
    <Stack>
      <Group wrap="nowrap" align="flex-start">
        <TextInput
          type="search"
          aria-label={messages.records.searchPlaceholder}
          placeholder={messages.records.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button leftSection={<IconPlus size={18} />} onClick={newModal.open}>
          {messages.records.newRecord}
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : list.isError && sorted.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.errors.generic}</Text>
        </Paper>
      ) : records.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.records.empty}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {records.map((record) => (
            <RecordCard key={record.id} record={record} onEdit={editRecord} />
          ))}
        </SimpleGrid>
      )}

      <NewRecordModal patientId={patientId} opened={isCreating} onClose={newModal.close} />
      {editedRecord && <EditRecordModal record={editedRecord} opened={isEditing} onClose={editModal.close} />}
    </Stack>
  );
}
