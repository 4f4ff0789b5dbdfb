import { messages, type Form } from '@consultorio/shared';
import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useFormList } from '../api/list-forms';
import { EditFormModal } from './edit-form-modal';
import { filterForms, sortNewestFirst } from './form-filter';
import { FormCard } from './form-card';
import { NewFormModal } from './new-form-modal';

/**
 * A patient's forms, newest first, with the search (over the loaded list, as one types),
 * 'Novo Formulário' and each card's 'Editar'.
 */
export function FormList({ patientId }: { patientId: string }) {
  const list = useFormList(patientId);
  const [search, setSearch] = useState('');
  const [isCreating, newModal] = useDisclosure(false);
  const [isEditing, editModal] = useDisclosure(false);
  // Kept after the modal closes so that it can fade out with its content.
  const [editedForm, setEditedForm] = useState<Form | null>(null);

  const sorted = useMemo(() => sortNewestFirst(list.data ?? []), [list.data]);
  const forms = useMemo(() => filterForms(sorted, search), [sorted, search]);

  const editForm = (form: Form) => {
    setEditedForm(form);
    editModal.open();
  };

  return (
    <Stack>
      <Group wrap="nowrap" align="flex-start">
        <TextInput
          type="search"
          aria-label={messages.forms.searchPlaceholder}
          placeholder={messages.forms.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button leftSection={<IconPlus size={18} />} onClick={newModal.open}>
          {messages.forms.newForm}
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
      ) : forms.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.forms.empty}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {forms.map((form) => (
            <FormCard key={form.id} form={form} onEdit={editForm} />
          ))}
        </SimpleGrid>
      )}

      <NewFormModal patientId={patientId} opened={isCreating} onClose={newModal.close} />
      {editedForm && <EditFormModal form={editedForm} opened={isEditing} onClose={editModal.close} />}
    </Stack>
  );
}
