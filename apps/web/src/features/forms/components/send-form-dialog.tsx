import { emailSchema, messages } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useGuardedClose, useUnsavedChanges } from '../../../components/unsaved-changes';
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

/** The dialog's form (loaded when first opened, with zod): an address, or blank for the patient's e-mail. */
export function SendFormDialog({ formId, onDone }: { formId: string; onDone: () => void }) {
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
