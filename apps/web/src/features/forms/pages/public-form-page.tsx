import { messages, type FormContent, type PublicForm } from '@consultorio/shared';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { usePublicForm } from '../api/get-public-form';
import { useSavePublicFormContent } from '../api/save-public-form-content';
import { AnswersForm } from '../components/answers-form';
import { TemplateDescription } from '../components/template-description';
import { useAnswersForm } from '../components/use-answers-form';

const NOT_FOUND_STATUS = 404;

function Notice({ text, locked = false }: { text: string; locked?: boolean }) {
  return (
    <Alert color={locked ? 'gray' : 'red'} variant="light" icon={locked ? <IconLock size={18} /> : undefined}>
      {text}
    </Alert>
  );
}

/**
 * The form a patient opens through the shared link (/form-public-view?token=...), with or
 * without a session: who asks, for whom, and the questionnaire to fill unless it is locked.
 */
export function PublicFormPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { data, error, isPending } = usePublicForm(token);

  // A link without a token is not sent to the API.
  if (token === '') return <Notice text={messages.publicForm.notFound} />;
  if (isPending) return <PageLoader />;
  if (!data) {
    const isMissing = error instanceof ApiError && error.status === NOT_FOUND_STATUS;
    const text = isMissing
      ? messages.publicForm.notFound
      : error instanceof ApiError
        ? error.message
        : messages.errors.generic;
    return <Notice text={text} />;
  }
  return <PublicFormContent token={token} data={data} />;
}

function professionalName(user: PublicForm['user']): string {
  return [user.title, user.firstName, user.lastName].filter(Boolean).join(' ');
}

function PublicFormContent({ token, data }: { token: string; data: PublicForm }) {
  const { form, qaTemplate, patient, user } = data;
  return (
    <Stack>
      <Paper p="lg">
        <Stack gap="sm">
          <Title order={2}>{qaTemplate.name}</Title>
          <TemplateDescription html={qaTemplate.description} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {messages.publicForm.patient}
              </Text>
              <Text fw={500}>{patient.fullName}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {messages.publicForm.professional}
              </Text>
              <Text fw={500}>{professionalName(user)}</Text>
              {user.profession && <Text size="sm">{user.profession}</Text>}
            </Stack>
          </SimpleGrid>
        </Stack>
      </Paper>
      {form.isLocked ? (
        <Notice text={messages.publicForm.locked} locked />
      ) : (
        <PublicAnswersForm token={token} data={data} />
      )}
    </Stack>
  );
}

function PublicAnswersForm({ token, data }: { token: string; data: PublicForm }) {
  const { qaTemplate } = data;
  const saveContent = useSavePublicFormContent();
  const answersForm = useAnswersForm(qaTemplate.content, data.form.content);

  const save = async (content: FormContent) => {
    const response = await saveContent.mutateAsync({ publicToken: token, content });
    return response.data.form.content;
  };

  return (
    <AnswersForm
      sections={qaTemplate.content}
      answersForm={answersForm}
      onSave={save}
      isSaving={saveContent.isPending}
      submitLabel={messages.publicForm.submit}
      label={data.form.name}
    />
  );
}
