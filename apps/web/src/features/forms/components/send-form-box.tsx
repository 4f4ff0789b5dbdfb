import { emailSchema, messages, type Form } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyModal } from '../../../components/busy-modal';
import { useGuardedClose, useUnsavedChanges } from '../../../components/unsaved-changes';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/session';
import { useSendForm } from '../api/send-form';

const m = messages.measurement;

/** Blank: the patient's e-mail; else an address. */
const sendFormSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((email) => email === '' || emailSchema.safeParse(email).success, { error: messages.validation.emailInvalid }),
});
type SendFormValues = z.input<typeof sendFormSchema>;

/** Until when the link works, when it was mailed and when the patient sent the answers, in the professional's time zone. */
function statusLines(form: Form, timeZone: string | undefined, now: number): string[] {
  const lines: string[] = [];
  if (form.submittedAt) lines.push(m.submittedOn(formatDateTime(form.submittedAt, timeZone)));
  if (form.sentAt) lines.push(m.sentOn(formatDateTime(form.sentAt, timeZone)));
  if (form.publicExpiresAt === null) lines.push(m.linkNoExpiry);
  else if (Date.parse(form.publicExpiresAt) <= now) lines.push(m.linkExpired(formatDateTime(form.publicExpiresAt, timeZone)));
  else lines.push(m.linkValidUntil(formatDateTime(form.publicExpiresAt, timeZone)));
  return lines;
}

/**
 * 'Enviar por e-mail' on the form page: the link's validity and what happened to the form, and a
 * dialog that mails the link to the patient's e-mail or another address. A locked form is not sent.
 */
export function SendFormBox({ form }: { form: Form }) {
  const timeZone = useTimeZone();
  const [opened, setOpened] = useState(false);
  const [now] = useState(() => Date.now());
  return (
    <Paper p="md" component="section" aria-label={m.sendByEmail}>
      <Stack gap="xs">
        <Title order={4}>{m.sendByEmail}</Title>
        {statusLines(form, timeZone, now).map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconMailForward size={16} />} disabled={form.isLocked} onClick={() => setOpened(true)}>
            {m.sendByEmail}
          </Button>
        </Group>
      </Stack>
      <BusyModal opened={opened} onClose={() => setOpened(false)} title={m.sendTitle} isBusy={false}>
        <SendFormDialog formId={form.id} onDone={() => setOpened(false)} />
      </BusyModal>
    </Paper>
  );
}

function SendFormDialog({ formId, onDone }: { formId: string; onDone: () => void }) {
  const sendForm = useSendForm();
  const { register, handleSubmit, formState } = useForm<SendFormValues>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: { email: '' },
  });
  useUnsavedChanges(formState.isDirty);
  const cancel = useGuardedClose(onDone);
  const submit = handleSubmit(async ({ email }) => {
    try {
      await sendForm.mutateAsync({ formId, email: email.trim() === '' ? null : email.trim() });
      onDone();
    } catch {
      // The toast says why; the dialog stays open with what was typed.
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Text size="sm">{m.sendText}</Text>
        <TextInput
          type="email"
          label={m.sendEmail}
          description={m.sendEmailHint}
          placeholder={messages.placeholders.email}
          autoComplete="off"
          data-autofocus
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" disabled={sendForm.isPending}>
            {sendForm.isPending ? messages.common.sending : messages.common.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
