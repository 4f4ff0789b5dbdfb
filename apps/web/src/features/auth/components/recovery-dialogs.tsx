import { messages } from '@consultorio/shared';
import { EmailDialog } from '../../../components/email-dialog';
import { useRecoverPassword } from '../api/recover-password';
import { useRecoverUsername } from '../api/recover-username';

export interface RecoveryDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Recuperar usuário': on the login page. */
export function RecoverUsernameDialog({ opened, onClose }: RecoveryDialogProps) {
  const recovery = useRecoverUsername();
  return (
    <EmailDialog
      opened={opened}
      onClose={onClose}
      title={messages.recovery.usernameTitle}
      note={messages.recovery.usernameNote}
      label={messages.fields.email}
      submitLabel={messages.recovery.submit}
      isSubmitting={recovery.isPending}
      onSubmit={(email) => recovery.mutate(email, { onSuccess: onClose })}
    />
  );
}

/** 'Recuperar senha': on the login page. */
export function RecoverPasswordDialog({ opened, onClose }: RecoveryDialogProps) {
  const recovery = useRecoverPassword();
  return (
    <EmailDialog
      opened={opened}
      onClose={onClose}
      title={messages.recovery.passwordTitle}
      note={messages.recovery.passwordNote}
      label={messages.fields.email}
      submitLabel={messages.recovery.submit}
      isSubmitting={recovery.isPending}
      onSubmit={(email) => recovery.mutate(email, { onSuccess: onClose })}
    />
  );
}
