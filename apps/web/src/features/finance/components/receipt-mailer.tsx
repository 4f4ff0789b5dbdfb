import { messages, type Payment } from '@consultorio/shared';
import { useState } from 'react';
import { EmailDialog } from '../../../components/email-dialog';
import { hasErrorCode } from '../../../lib/api-client';
import { NO_RECIPIENT, useEmailReceipt } from '../api/email-receipt';

const f = messages.finance;

/**
 * 'Enviar por e-mail' for a receipt: to the patient's (or the payer's) e-mail, and when the file
 * has none, a dialog asks where to send it instead of a toast saying one is missing.
 */
export function useReceiptMailer(payment: Pick<Payment, 'id'>) {
  const mutation = useEmailReceipt();
  const [asksEmail, setAsksEmail] = useState(false);
  const send = (email?: string) =>
    mutation.mutate(
      { paymentId: payment.id, ...(email === undefined ? {} : { email }) },
      {
        onSuccess: () => setAsksEmail(false),
        onError: (error) => {
          if (hasErrorCode(error, NO_RECIPIENT)) setAsksEmail(true);
        },
      },
    );
  const dialog = (
    <EmailDialog
      opened={asksEmail}
      onClose={() => setAsksEmail(false)}
      title={f.emailReceiptTitle}
      note={f.emailReceiptNoAddress}
      label={messages.fields.email}
      submitLabel={f.emailReceipt}
      isSubmitting={mutation.isPending}
      onSubmit={send}
    />
  );
  return { send: () => send(), isPending: mutation.isPending, isSuccess: mutation.isSuccess, dialog };
}
