import { messages, type FormContent, type PublicForm } from '@consultorio/shared';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePublicForm } from '../api/get-public-form';
import { useSubmitPublicForm } from '../api/submit-public-form';
import { AnswersForm } from '../components/answers-form';
import { SubmittedNotice } from '../components/submitted-notice';
import { TemplateDescription } from '../components/template-description';
import { useAnswersForm } from '../components/use-answers-form';


function Notice({ text, locked = false }: { text: string; locked?: boolean }) {
  return (
    <Alert color={locked ? 'gray' : 'red'} variant="light" icon={locked ? <IconLock size={18} /> : undefined}>
      {text}
    </Alert>
  );
}

/**
 * The form a patient opens through the shared link (/form-public-view?token=...), with or
 * without a session: who asks, for whom, and the questionnaire to fill and send unless it is
 * locked; once sent, the thanks (and the crisis lines when an answer raised an alert). An
 * expired link shows the server's message.
 */
export function PublicFormPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { data, error, isPending } = usePublicForm(token);

  // A link without a token is not sent to the API.
  if (token === '') return <Notice text={messages.publicForm.notFound} />;
  if (isPending) return <PageLoader />;
  if (!data) {
    const isMissing = hasErrorCode(error, 'FORM_NOT_FOUND', 'NOT_FOUND', 'VALIDATION');
    const text = isMissing
      ? messages.publicForm.notFound
      : error instanceof ApiError
        ? error.message
        : messages.requestErrors.generic;
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
      {form.submittedAt !== null && form.isLocked ? (
        <SubmittedNotice crisisSupport={form.crisisSupport} professionalGender={user.gender} patientGender={patient.gender} />
      ) : form.isLocked ? (
        <Notice text={messages.publicForm.locked} locked />
      ) : (
        <PublicAnswersForm token={token} data={data} />
      )}
    </Stack>
  );
}

/** The questionnaire and 'Enviar respostas': the answers go for good, every required one given. */
function PublicAnswersForm({ token, data }: { token: string; data: PublicForm }) {
  const { qaTemplate, form } = data;
  const submitForm = useSubmitPublicForm();
  const answersForm = useAnswersForm(qaTemplate.content, form.content);

  const submit = async (content: FormContent) => {
    const response = await submitForm.mutateAsync({ publicToken: token, content });
    return response.data.form.content;
  };

  return (
    <Stack gap="xs">
      {form.expiresAt && (
        <Text size="sm" c="dimmed">
          {messages.measurement.linkValidUntil(formatDateTime(form.expiresAt))}
        </Text>
      )}
      <AnswersForm
        sections={qaTemplate.content}
        answersForm={answersForm}
        onSave={submit}
        isSaving={submitForm.isPending}
        submitLabel={messages.publicForm.submit}
        label={form.name}
      />
    </Stack>
  );
}
