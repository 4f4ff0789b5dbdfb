import { messages, passwordChangeForm } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/busy-modal';
import { CloseButton } from '../../../components/form-actions';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { useChangePassword } from '../api/change-password';

const newPasswordLabels = { password: messages.fields.newPassword, passwordConfirmation: messages.fields.newPasswordConfirmation };

interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Alterar senha' in 'Minha conta'. */
export function ChangePasswordDialog({ opened, onClose }: ChangePasswordDialogProps) {
  return (
    <BusyModal opened={opened} onClose={onClose} title={messages.account.changePassword} isBusy={false}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <ChangePasswordForm onChanged={onClose} secondaryAction={<CloseButton onClose={onClose} />} />
    </BusyModal>
  );
}

interface ChangePasswordFormProps {
  /** Once the server has taken the new password (and the session's user was read again). */
  onChanged: () => void;
  /** The button beside 'Atualizar senha': 'Fechar' in the dialog, 'Sair' when the change is required. */
  secondaryAction: ReactNode;
}

/** The current password, the new one and its confirmation; the dialog and the required change use it. */
export function ChangePasswordForm({ onChanged, secondaryAction }: ChangePasswordFormProps) {
  const passwordChange = useChangePassword();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: { userPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = formState;
  useUnsavedChanges(formState.isDirty);
  const submit = handleSubmit(({ userPassword, password }) =>
    passwordChange.mutate({ userPassword, password }, { onSuccess: onChanged }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <PasswordField
          label={messages.fields.currentPassword}
          autoComplete="current-password"
          data-autofocus
          required
          error={errors.userPassword?.message}
          {...register('userPassword')}
        />
        <NewPasswordFields labels={newPasswordLabels} register={register} errors={errors} />
        <Group justify="flex-end">
          {secondaryAction}
          <Button type="submit" loading={passwordChange.isPending}>
            {messages.account.updatePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
