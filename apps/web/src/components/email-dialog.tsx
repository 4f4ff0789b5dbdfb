import { emailRequest, messages, type EmailRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { BusyModal } from './busy-modal';
import { useGuardedClose, useUnsavedChanges } from './unsaved-changes';

export interface EmailDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  note: string;
  label: string;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: (email: string) => void;
}

/** A dialog that asks for one e-mail address: the recoveries use it ('Alterar e-mail' also asks for the password). */
export function EmailDialog({ opened, onClose, title, ...formProps }: EmailDialogProps) {
  return (
    <BusyModal opened={opened} onClose={onClose} title={title} isBusy={formProps.isSubmitting}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <EmailDialogForm onClose={onClose} {...formProps} />
    </BusyModal>
  );
}

type EmailDialogFormProps = Omit<EmailDialogProps, 'opened' | 'title'>;

function EmailDialogForm({ onClose, note, label, submitLabel, isSubmitting, onSubmit }: EmailDialogFormProps) {
  const { register, handleSubmit, formState } = useForm<EmailRequest, unknown, { email: string }>({
    resolver: zodResolver(emailRequest),
    defaultValues: { email: '' },
  });
  useUnsavedChanges(formState.isDirty);
  const close = useGuardedClose(onClose);

  return (
    <form noValidate onSubmit={handleSubmit(({ email }) => onSubmit(email))}>
      <Stack>
        <TextInput
          type="email"
          label={label}
          placeholder={messages.placeholders.email}
          autoComplete="email"
          data-autofocus
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Text size="sm" c="dimmed">
          {note}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {messages.common.close}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
