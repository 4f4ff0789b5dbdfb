import { emailUpdateRequest, messages, type EmailUpdateRequest } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { PasswordField } from '../../../components/password-field';
import { useGuardedClose, useUnsavedChanges } from '../../../components/unsaved-changes';
import { hasErrorCode } from '../../../lib/api-client';
import { useRequestEmailUpdate, type EmailUpdate } from '../api/request-email-update';

interface ChangeEmailDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Alterar e-mail': the new address and the current password (a session alone cannot move the
 * account). A refusal (wrong password, address taken, too many tries) is the usual error toast,
 * and the dialog stays open to try again.
 */
export function ChangeEmailDialog({ opened, onClose }: ChangeEmailDialogProps) {
  return (
    <BusyModal opened={opened} onClose={onClose} title={messages.account.changeEmail} isBusy={false}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <ChangeEmailForm onClose={onClose} />
    </BusyModal>
  );
}

function ChangeEmailForm({ onClose }: { onClose: () => void }) {
  const emailUpdate = useRequestEmailUpdate();
  const { register, handleSubmit, formState, resetField, setFocus } = useForm<EmailUpdateRequest, unknown, EmailUpdate>({
    resolver: zodResolver(emailUpdateRequest),
    defaultValues: { email: '', userPassword: '' },
  });
  const { errors } = formState;
  useUnsavedChanges(formState.isDirty);
  const close = useGuardedClose(onClose);
  const submit = handleSubmit((update) =>
    emailUpdate.mutate(update, {
      onSuccess: onClose,
      // A wrong current password is asked again; the new address stays as typed.
      onError: (error) => {
        if (!hasErrorCode(error, 'PASSWORD_UPDATE_FAILED')) return;
        resetField('userPassword');
        setFocus('userPassword');
      },
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          type="email"
          label={messages.account.newEmail}
          placeholder={messages.placeholders.email}
          autoComplete="email"
          data-autofocus
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={messages.account.currentPassword}
          autoComplete="current-password"
          required
          error={errors.userPassword?.message}
          {...register('userPassword')}
        />
        <Text size="sm" c="gray.7">
          {messages.account.changeEmailNote}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {messages.common.close}
          </Button>
          <Button type="submit" loading={emailUpdate.isPending}>
            {messages.common.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
