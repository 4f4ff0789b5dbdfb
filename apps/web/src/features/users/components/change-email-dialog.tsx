import { messages } from '@consultorio/shared';
import { EmailDialog } from '../../../components/email-dialog';
import { useRequestEmailUpdate } from '../api/request-email-update';

interface ChangeEmailDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function ChangeEmailDialog({ opened, onClose }: ChangeEmailDialogProps) {
  const emailUpdate = useRequestEmailUpdate();
  return (
    <EmailDialog
      opened={opened}
      onClose={onClose}
      title={messages.account.changeEmail}
      note={messages.account.changeEmailNote}
      label={messages.fields.newEmail}
      submitLabel={messages.common.send}
      isSubmitting={emailUpdate.isPending}
      onSubmit={(email) => emailUpdate.mutate(email, { onSuccess: onClose })}
    />
  );
}
