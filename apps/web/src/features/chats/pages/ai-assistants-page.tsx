import { messages, type AiAssistant } from '@consultorio/shared';
import { Badge, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { BusyModal } from '../../../components/busy-modal';
import { EditItemModal, type EditItemModalLabels } from '../../../components/edit-item-modal';
import { useCreateAiAssistant } from '../api/create-ai-assistant';
import { useDeleteAiAssistant } from '../api/delete-ai-assistant';
import { useAiAssistants } from '../api/list-ai-assistants';
import { useUpdateAiAssistant } from '../api/update-ai-assistant';
import { AssistantFields, type AssistantValues } from '../components/assistant-fields';

const m = messages.aiAssistants;

const editLabels: EditItemModalLabels = {
  title: m.editAssistant,
  deleteZone: m.deleteZone,
  deleteZoneText: m.deleteZoneText,
  deleteButton: m.deleteAssistant,
  deleteConfirmation: m.deleteConfirmation,
};

const blankAssistant: AssistantValues = { name: '', description: '', instructions: '' };

/** The values a copy of `assistant` starts with. */
function copyOf(assistant: AiAssistant): AssistantValues {
  return { name: m.copyName(assistant.name), description: assistant.description, instructions: assistant.instructions };
}

type OpenModal =
  | { kind: 'new'; values: AssistantValues }
  | { kind: 'edit'; assistant: AiAssistant }
  | { kind: 'view'; assistant: AiAssistant }
  | null;

interface AssistantCardProps {
  assistant: AiAssistant;
  onOpen: () => void;
  onDuplicate: () => void;
}

function AssistantCard({ assistant, onOpen, onDuplicate }: AssistantCardProps) {
  return (
    <Paper component="article" aria-label={assistant.name} p="md" h="100%">
      <Stack justify="space-between" h="100%">
        <Stack gap={6} miw={0}>
          {!assistant.isOwn && (
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {m.libraryBadge}
              </Badge>
            </Group>
          )}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {assistant.name}
          </Text>
          {assistant.description !== '' && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {assistant.description}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={assistant.isOwn ? <IconPencil size={16} /> : <IconEye size={16} />}
            onClick={onOpen}
          >
            {assistant.isOwn ? m.edit : m.view}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
            {m.duplicate}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface AssistantGroupProps {
  title: string;
  assistants: readonly AiAssistant[];
  emptyText?: string;
  onOpen: (assistant: AiAssistant) => void;
  onDuplicate: (assistant: AiAssistant) => void;
}

function AssistantGroup({ title, assistants, emptyText, onOpen, onDuplicate }: AssistantGroupProps) {
  return (
    <Stack component="section" aria-label={title} gap="sm">
      <Title order={4}>{title}</Title>
      {assistants.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{emptyText ?? messages.common.nothingFound}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {assistants.map((assistant) => (
            <AssistantCard
              key={assistant.id}
              assistant={assistant}
              onOpen={() => onOpen(assistant)}
              onDuplicate={() => onDuplicate(assistant)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A library assistant: what it does and its instructions, read only, with 'Duplicar'. */
function LibraryAssistantModal({ assistant, onClose, onDuplicate }: { assistant: AiAssistant | null; onClose: () => void; onDuplicate: (assistant: AiAssistant) => void }) {
  return (
    <Modal
      opened={assistant !== null}
      onClose={onClose}
      title={assistant?.name ?? m.viewAssistant}
      size="lg"
      centered
     
    >
      {assistant && (
        <Stack>
          <Text size="sm">{messages.errors.libraryAssistantReadOnly}</Text>
          {assistant.description !== '' && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {m.description}
              </Text>
              <Text size="sm">{assistant.description}</Text>
            </Stack>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {m.instructions}
            </Text>
            <Paper p="sm" bg="gray.0">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {assistant.instructions}
              </Text>
            </Paper>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.common.close}
            </Button>
            <Button leftSection={<IconCopy size={16} />} onClick={() => onDuplicate(assistant)}>
              {m.duplicate}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** 'Assistentes de IA' in 'Minha conta': the professional's own assistants, then the library's. */
export function AiAssistantsPage() {
  const assistants = useAiAssistants();
  const createAssistant = useCreateAiAssistant();
  const updateAssistant = useUpdateAiAssistant();
  const deleteAssistant = useDeleteAiAssistant();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const close = () => setOpenModal(null);
  const list = assistants.data ?? [];
  const open = (assistant: AiAssistant) => setOpenModal({ kind: assistant.isOwn ? 'edit' : 'view', assistant });
  const duplicate = (assistant: AiAssistant) => setOpenModal({ kind: 'new', values: copyOf(assistant) });
  const editing = openModal?.kind === 'edit' ? openModal.assistant : null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={3}>{m.title}</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setOpenModal({ kind: 'new', values: blankAssistant })}>
          {m.newAssistant}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      {assistants.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : assistants.isError && list.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.requestErrors.generic}</Text>
        </Paper>
      ) : (
        <>
          <AssistantGroup title={m.ownSection} assistants={list.filter((a) => a.isOwn)} emptyText={m.ownEmpty} onOpen={open} onDuplicate={duplicate} />
          <AssistantGroup title={m.librarySection} assistants={list.filter((a) => !a.isOwn)} onOpen={open} onDuplicate={duplicate} />
        </>
      )}

      <BusyModal opened={openModal?.kind === 'new'} title={m.newAssistant} isBusy={createAssistant.isPending} onClose={close}>
        {openModal?.kind === 'new' && (
          <AssistantFields
            defaultValues={openModal.values}
            submitLabel={createAssistant.isPending ? messages.common.creating : messages.common.create}
            disabled={createAssistant.isPending}
            onClose={close}
            onSubmit={(assistant) => createAssistant.mutate(assistant, { onSuccess: close })}
          />
        )}
      </BusyModal>

      <EditItemModal
        labels={editLabels}
        opened={editing !== null}
        isSaving={updateAssistant.isPending}
        isDeleting={deleteAssistant.isPending}
        onClose={close}
        onDelete={(deleted, failed) => {
          if (editing) deleteAssistant.mutate(editing.id, { onSuccess: deleted, onError: failed });
        }}
      >
        {(form) =>
          editing && (
            <AssistantFields
              defaultValues={{ name: editing.name, description: editing.description, instructions: editing.instructions }}
              {...form}
              onSubmit={(assistant) => updateAssistant.mutate({ assistantId: editing.id, assistant }, { onSuccess: close })}
            />
          )
        }
      </EditItemModal>

      <LibraryAssistantModal assistant={openModal?.kind === 'view' ? openModal.assistant : null} onClose={close} onDuplicate={duplicate} />
    </Stack>
  );
}
