import { messages, type FormContent, type Scoring, type TemplateSection } from '@consultorio/shared';
import { Alert, Grid, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { memo, useState } from 'react';
import type { Control } from 'react-hook-form';
import { BackLink } from '../../../components/back-link';
import { PageLoader } from '../../../components/page-loader';
import { hasErrorCode } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useFormDetail, type FormDetail } from '../api/get-form';
import { useSaveFormContent } from '../api/save-form-content';
import { useUpdateForm } from '../api/update-form';
import { AnswersForm } from './answers-form';
import type { Answers } from './answers';
import { FormLabels } from './form-labels';
import { ScoreSummary } from './score-summary';
import { SendFormBox } from './send-form-box';
import { ShareLinkBox } from './share-link-box';
import { TemplateDescription } from './template-description';
import { useAnswersForm, useCurrentContent } from './use-answers-form';

interface FormViewProps {
  patientId: string;
  formId: string;
}

/** A missing form, another professional's, or an id that is not one. */
function isMissingForm(error: unknown): boolean {
  return hasErrorCode(error, 'FORM_NOT_FOUND', 'NOT_FOUND', 'VALIDATION');
}

/** The link the patient opens, on this app's own address. */
function publicFormUrl(publicToken: string): string {
  return `${window.location.origin}${paths.publicFormLink(publicToken)}`;
}

/** One of the patient's forms: the questionnaire to fill, the lock, the link to share and the score. */
export function FormView({ patientId, formId }: FormViewProps) {
  const { data: detail, error, isPending } = useFormDetail(formId);

  if (isPending) return <PageLoader />;
  // A form of another patient, reached by editing the address, is not shown under this one.
  if (!detail || detail.form.patientId !== patientId) {
    return (
      <Paper p="lg">
        <Stack align="flex-start">
          <Text>{!detail && !isMissingForm(error) ? messages.requestErrors.generic : messages.errors.formNotFound}</Text>
          <BackLink to={paths.patientForms(patientId)} label={messages.forms.backToList} />
        </Stack>
      </Paper>
    );
  }
  return <FormEditor key={detail.form.id} detail={detail} />;
}

/**
 * The score of the answers as they are on screen: the one part of the page drawn again as an
 * answer changes (and as the fields register when the page opens), not the whole page with it.
 */
function LiveScore({ sections, scoring, control }: { sections: TemplateSection[]; scoring: Scoring; control: Control<Answers> }) {
  const content = useCurrentContent(sections, control);
  return <ScoreSummary template={{ content: sections, scoring }} content={content} />;
}

/**
 * The form's name, dates and questionnaire. Memoized, as `FormSharing`: the answers form's state
 * lives in `FormEditor`, which react-hook-form draws again as the fields register when the page
 * opens and as they change; these parts change only with the form (issue 34).
 */
const FormHeader = memo(function FormHeader({ form, qaTemplate }: Pick<FormDetail, 'form' | 'qaTemplate'>) {
  const isSubmitted = form.submittedAt !== null;
  return (
    <>
      <BackLink to={paths.patientForms(form.patientId)} label={messages.forms.backToList} />
      <Paper p="md">
        <Stack gap="xs">
          <Group gap="xs">
            <FormLabels qaTemplateName={qaTemplate.name} isLocked={form.isLocked} isSubmitted={isSubmitted} />
          </Group>
          <Title order={3}>{form.name}</Title>
          <Text size="xs" c="dimmed">
            {messages.forms.createdOn(formatDateTime(form.creationDate))} ·{' '}
            {messages.forms.updatedOn(formatDateTime(form.lastUpdateDate))}
          </Text>
          <TemplateDescription html={qaTemplate.description} />
        </Stack>
      </Paper>
    </>
  );
});

/** The link to share and 'Enviar por e-mail' (see `FormHeader`). */
const FormSharing = memo(function FormSharing({ form }: { form: FormDetail['form'] }) {
  return (
    <>
      <ShareLinkBox link={publicFormUrl(form.publicToken)} />
      <SendFormBox form={form} />
    </>
  );
});

function FormEditor({ detail }: { detail: FormDetail }) {
  const { form, qaTemplate } = detail;
  const saveContent = useSaveFormContent();
  const updateForm = useUpdateForm();
  const answersForm = useAnswersForm(qaTemplate.content, form.content);
  const { scoring } = qaTemplate;
  // The patient's sent answers are theirs: shown as sent; a correction goes in a record.
  const isSubmitted = form.submittedAt !== null;
  // While the lock is being saved the switch already shows where it goes. This is set in the
  // change event itself: the mutation's own state reaches React a tick later, and a controlled
  // switch whose value did not change in the event is put back by React.
  const [lockShown, setLockShown] = useState<boolean | null>(null);
  const isLocked = lockShown ?? form.isLocked;
  const changeLock = (next: boolean) => {
    setLockShown(next);
    updateForm.mutate({ formId: form.id, update: { isLocked: next } }, { onSettled: () => setLockShown(null) });
  };

  const save = async (content: FormContent) => {
    const response = await saveContent.mutateAsync({ formId: form.id, content });
    return response.data.form.content;
  };

  return (
    <Stack>
      <FormHeader form={form} qaTemplate={qaTemplate} />

      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {isSubmitted && (
            <Alert color="teal" variant="light" role="note" icon={<IconLock size={20} />} mb="md">
              {messages.forms.submittedReadOnly}
            </Alert>
          )}
          <AnswersForm
            sections={qaTemplate.content}
            answersForm={answersForm}
            onSave={save}
            isSaving={saveContent.isPending}
            submitLabel={messages.common.save}
            readOnly={isSubmitted}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}>
            {scoring && <LiveScore sections={qaTemplate.content} scoring={scoring} control={answersForm.control} />}
            <FormSharing form={form} />
            <Paper p="md">
              <Switch
                label={messages.forms.lockLabel}
                checked={isLocked}
                disabled={updateForm.isPending}
                onChange={(event) => changeLock(event.currentTarget.checked)}
              />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
