import { messages } from '@consultorio/shared';
import { useConfirmRegistration } from '../api/confirm-registration';
import { ConfirmationView } from '../components/confirmation-view';

export function ConfirmRegistrationPage() {
  const { mutateAsync: confirm } = useConfirmRegistration();
  return (
    <ConfirmationView
      title={messages.confirmation.registrationTitle}
      successFallback={messages.confirmation.registrationConfirmed}
      confirm={confirm}
    />
  );
}
