import { messages, type QaTemplate } from '@consultorio/shared';
import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { paths } from '../../../lib/paths';
import { useDeleteQaTemplate } from '../api/delete-qa-template';
import { useQaTemplates } from '../../../lib/qa-templates';
import { questionCount } from '../components/template-draft';

const m = messages.qaTemplates;

interface TemplateCardProps {
  template: QaTemplate;
  onDelete: (template: QaTemplate) => void;
}

/** A template's card: own ones are edited and deleted, the library's opened read-only; any is duplicated. */
function TemplateCard({ template, onDelete }: TemplateCardProps) {
  return (
    <Paper component="article" aria-label={template.name} p="md" h="100%">
      <Stack justify="space-between" h="100%">
        <Stack gap={6} miw={0}>
          <Group gap="xs">
            <Badge variant="light" color={template.isOwn ? undefined : 'gray'}>
              {template.isOwn ? m.ownBadge : m.libraryBadge}
            </Badge>
            {template.scoring && (
              <Badge variant="outline" color="gray">
                {m.scoredBadge}
              </Badge>
            )}
          </Group>
          <Text fw={600} title={template.name} style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Text>
          <Text size="xs" c="dimmed">
            {m.questionCount(questionCount(template.content))}
          </Text>
        </Stack>
        <Group gap="xs">
          {template.isOwn ? (
            <Button component={Link} to={paths.qaTemplate(template.id)} size="xs" variant="light" leftSection={<IconPencil size={16} />}>
              {m.edit}
            </Button>
          ) : (
            <Button component={Link} to={paths.qaTemplate(template.id)} size="xs" variant="light" leftSection={<IconExternalLink size={16} />}>
              {m.open}
            </Button>
          )}
          <Button component={Link} to={paths.duplicateQaTemplate(template.id)} size="xs" variant="default" leftSection={<IconCopy size={16} />}>
            {m.duplicate}
          </Button>
          {template.isOwn && (
            <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(template)}>
              {m.delete}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

interface TemplateGroupProps {
  title: string;
  templates: readonly QaTemplate[];
  emptyText?: string;
  onDelete: (template: QaTemplate) => void;
}

function TemplateGroup({ title, templates, emptyText, onDelete }: TemplateGroupProps) {
  return (
    <Stack component="section" aria-label={title} gap="sm">
      <Title order={4}>{title}</Title>
      {templates.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{emptyText ?? messages.common.nothingFound}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} onDelete={onDelete} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** 'Modelos de questionário' in 'Minha conta': the professional's own templates, then the library's. */
export function QaTemplatesPage() {
  const templates = useQaTemplates();
  const deleteTemplate = useDeleteQaTemplate();
  const [deleting, setDeleting] = useState<QaTemplate | null>(null);
  const list = templates.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    // In use (409) or not, the toast says how it went; the confirmation closes either way.
    deleteTemplate.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={3}>{m.title}</Title>
        <Button component={Link} to={paths.newQaTemplate} leftSection={<IconPlus size={18} />}>
          {m.newTemplate}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      {templates.isPending ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : templates.isError && list.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.requestErrors.generic}</Text>
        </Paper>
      ) : (
        <>
          <TemplateGroup title={m.ownSection} templates={list.filter((t) => t.isOwn)} emptyText={m.ownEmpty} onDelete={setDeleting} />
          <TemplateGroup title={m.librarySection} templates={list.filter((t) => !t.isOwn)} onDelete={setDeleting} />
        </>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        text={m.deleteConfirmation}
        isDeleting={deleteTemplate.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
