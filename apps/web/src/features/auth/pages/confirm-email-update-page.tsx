import { messages } from '@consultorio/shared';
import { useConfirmEmailUpdate } from '../api/confirm-email-update';
import { ConfirmationView } from '../components/confirmation-view';

export function ConfirmEmailUpdatePage() {
  const { mutateAsync: confirm } = useConfirmEmailUpdate();
  return (
    <ConfirmationView
      title={messages.confirmation.emailUpdateTitle}
      successFallback={messages.confirmation.emailUpdated}
      confirm={confirm}
    />
  );
}
