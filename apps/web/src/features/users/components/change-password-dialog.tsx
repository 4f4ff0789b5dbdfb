import { messages, passwordChangeForm } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ opened, onClose }: ChangePasswordDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.account.changePassword}
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <ChangePasswordForm onClose={onClose} />
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const passwordChange = useChangePassword();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: { userPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(({ userPassword, password }) =>
    passwordChange.mutate({ userPassword, password }, { onSuccess: onClose }),
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
        <PasswordField
          label={messages.fields.newPassword}
          description={messages.register.passwordHint}
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={messages.fields.newPasswordConfirmation}
          autoComplete="new-password"
          required
          error={errors.passwordConfirmation?.message}
          {...register('passwordConfirmation')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {messages.common.close}
          </Button>
          <Button type="submit" loading={passwordChange.isPending}>
            {messages.account.updatePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
