import { messages, type QaTemplate, type QaTemplateWriteRequest } from '@consultorio/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../lib/paths';
import { useCreateQaTemplate } from '../api/create-qa-template';
import { useQaTemplates } from '../../../lib/qa-templates';
import { useUpdateQaTemplate } from '../api/update-qa-template';
import { TemplateBuilder } from './template-builder';
import { TemplateDescription } from './template-description';
import { draftErrors, draftFromTemplate, newDraft, previewTemplate, toWriteRequest, type TemplateDraft } from './template-draft';
import { TemplatePreview } from './template-preview';

const m = messages.qaTemplates;

interface QaTemplateScreenProps {
  /** The template to edit (an own one) or to see (the library's); undefined for a new one. */
  templateId?: string | undefined;
  /** A new template that starts as a copy of this one. */
  copyOfId?: string | undefined;
}

function NotFound() {
  return (
    <Paper p="lg">
      <Stack align="flex-start">
        <Text>{m.notFound}</Text>
        <BackLink to={paths.qaTemplates} label={m.backToList} />
      </Stack>
    </Paper>
  );
}

/** A template's page in 'Minha conta': the builder of a new or own template, or a library template to read and duplicate. */
export function QaTemplateScreen({ templateId, copyOfId }: QaTemplateScreenProps) {
  const templates = useQaTemplates();
  if (templates.isPending) return <PageLoader />;
  const list = templates.data ?? [];

  if (templateId === undefined) {
    const source = copyOfId === undefined ? undefined : list.find((template) => template.id === copyOfId);
    if (copyOfId !== undefined && !source) return <NotFound />;
    return <TemplateEditor key={copyOfId ?? 'new'} initial={source ? draftFromTemplate(source, m.copyName(source.name)) : newDraft()} />;
  }
  const template = list.find((candidate) => candidate.id === templateId);
  if (!template) return <NotFound />;
  if (!template.isOwn) return <LibraryTemplate template={template} />;
  return <TemplateEditor key={template.id} templateId={template.id} initial={draftFromTemplate(template)} />;
}

/** A library questionnaire: read only, with 'Duplicar' for an editable copy. */
function LibraryTemplate({ template }: { template: QaTemplate }) {
  return (
    <Stack>
      <BackLink to={paths.qaTemplates} label={m.backToList} />
      <Paper p="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {m.libraryBadge}
            </Badge>
          </Group>
          <Group justify="space-between">
            <Title order={3}>{template.name}</Title>
            <Button component={Link} to={paths.duplicateQaTemplate(template.id)} leftSection={<IconCopy size={18} />}>
              {m.duplicate}
            </Button>
          </Group>
          <Text size="sm">{m.libraryReadOnly}</Text>
          <TemplateDescription html={template.description} />
        </Stack>
      </Paper>
      <TemplatePreview content={template.content} scoring={template.scoring} />
    </Stack>
  );
}

interface TemplateEditorProps {
  /** The own template being edited; undefined for a new one. */
  templateId?: string;
  initial: TemplateDraft;
}

type EditorTab = 'builder' | 'preview';

function TemplateEditor({ templateId, initial }: TemplateEditorProps) {
  const navigate = useNavigate();
  const createTemplate = useCreateQaTemplate();
  const updateTemplate = useUpdateQaTemplate();
  const [draft, setDraft] = useState(initial);
  const [triedToSave, setTriedToSave] = useState(false);
  const [tab, setTab] = useState<EditorTab>('builder');
  const errors = useMemo(() => (triedToSave ? draftErrors(draft) : {}), [draft, triedToSave]);
  const preview = useMemo(() => previewTemplate(draft), [draft]);
  const isSaving = createTemplate.isPending || updateTemplate.isPending;
  const hasErrors = Object.keys(errors).length > 0;

  const backToList = () => void navigate(paths.qaTemplates);
  const save = (template: QaTemplateWriteRequest) => {
    if (templateId === undefined) createTemplate.mutate(template, { onSuccess: backToList });
    else updateTemplate.mutate({ templateId, template }, { onSuccess: backToList });
  };

  const submit = () => {
    setTriedToSave(true);
    if (Object.keys(draftErrors(draft)).length > 0) {
      // The messages are under the fields, in the builder.
      setTab('builder');
      return;
    }
    save(toWriteRequest(draft));
  };

  return (
    // No <form>: Enter in the preview's fields must not save the template.
    <Stack>
        <BackLink to={paths.qaTemplates} label={m.backToList} />
        <Title order={3}>{templateId === undefined ? m.newTemplate : m.editTemplate}</Title>
        {hasErrors && (
          <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
            {m.fixErrors}
          </Alert>
        )}
        <Tabs value={tab} onChange={(value) => setTab(value === 'preview' ? 'preview' : 'builder')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="builder">{m.builderTab}</Tabs.Tab>
            <Tabs.Tab value="preview">{m.previewTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="builder" pt="md">
            <TemplateBuilder draft={draft} onChange={setDraft} errors={errors} disabled={isSaving} />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            <TemplatePreview content={preview.content} scoring={preview.scoring} />
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={backToList} disabled={isSaving}>
            {messages.common.cancel}
          </Button>
          <Button onClick={submit} disabled={isSaving}>
            {isSaving ? messages.common.saving : messages.common.save}
          </Button>
        </Group>
    </Stack>
  );
}
