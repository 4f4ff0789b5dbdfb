import { messages, type NoteTemplate } from '@consultorio/shared';
import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useDeleteNoteTemplate } from '../api/delete-note-template';
import { useNoteTemplates } from '../../../lib/note-templates';
import { useSetDefaultNoteTemplate } from '../api/set-default-note-template';
import { NoteTemplateModal } from '../components/note-template-modal';

const r = messages.records;

interface TemplateCardProps {
  template: NoteTemplate;
  isDefault: boolean;
  busy: boolean;
  onMakeDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A note template: its headings, whether session notes start from it, and (an own one) its edit and delete. */
function TemplateCard({ template, isDefault, busy, onMakeDefault, onEdit, onDelete }: TemplateCardProps) {
  return (
    <Paper component="article" aria-label={template.name} p="md" h="100%">
      <Stack justify="space-between" h="100%">
        <Stack gap={6} miw={0}>
          {isDefault && (
            <Group gap="xs">
              <Badge variant="light">{r.noteTemplateDefault}</Badge>
            </Group>
          )}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.noteTemplateHeadingsList(template.headings.join(' · '))}
          </Text>
        </Stack>
        <Group gap="xs">
          {!isDefault && (
            <Button size="xs" variant="light" leftSection={<IconStar size={16} />} disabled={busy} onClick={onMakeDefault} aria-label={r.noteTemplateMakeDefaultLabel(template.name)}>
              {r.noteTemplateMakeDefault}
            </Button>
          )}
          {!template.isLibrary && (
            <>
              <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit} aria-label={r.editNoteTemplateLabel(template.name)}>
                {r.editNoteTemplate}
              </Button>
              <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} aria-label={r.deleteNoteTemplateLabel(template.name)}>
                {r.deleteNoteTemplate}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Modelos de evolução' in 'Minha conta': the library's note templates and the professional's own, one of them the default. */
export function NoteTemplatesPage() {
  const templates = useNoteTemplates();
  const setDefault = useSetDefaultNoteTemplate();
  const deleteTemplate = useDeleteNoteTemplate();
  const [editing, setEditing] = useState<{ template: NoteTemplate | null } | null>(null);
  const [deleting, setDeleting] = useState<NoteTemplate | null>(null);
  const list = templates.data?.noteTemplates ?? [];
  const defaultId = templates.data?.defaultNoteTemplateId;

  const group = (title: string, items: readonly NoteTemplate[], emptyText: string) => (
    <Stack component="section" aria-label={title} gap="sm">
      <Title order={4}>{title}</Title>
      {items.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{emptyText}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              isDefault={template.id === defaultId}
              busy={setDefault.isPending}
              onMakeDefault={() => setDefault.mutate(template.id)}
              onEdit={() => setEditing({ template })}
              onDelete={() => setDeleting(template)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={3}>{r.noteTemplatesTitle}</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ template: null })}>
          {r.newNoteTemplate}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {r.noteTemplatesIntro}
      </Text>
      {templates.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : templates.isError ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.requestErrors.generic}</Text>
        </Paper>
      ) : (
        <>
          {group(r.noteTemplatesOwn, list.filter((template) => !template.isLibrary), r.noteTemplatesOwnEmpty)}
          {group(r.noteTemplatesLibrary, list.filter((template) => template.isLibrary), messages.common.nothingFound)}
        </>
      )}
      {editing && <NoteTemplateModal template={editing.template} opened onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={r.deleteNoteTemplate}
        text={deleting ? r.deleteNoteTemplateConfirm(deleting.name) : ''}
        confirmLabel={r.deleteNoteTemplate}
        color="red"
        isBusy={deleteTemplate.isPending}
        onConfirm={() => deleting && deleteTemplate.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
