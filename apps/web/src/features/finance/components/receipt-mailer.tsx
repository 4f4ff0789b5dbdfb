import { messages, type Payment } from '@consultorio/shared';
import { lazy, Suspense, useState } from 'react';
import { useLatch } from '../../../hooks/use-latch';
import { hasErrorCode } from '../../../lib/api-client';
import { NO_RECIPIENT, useEmailReceipt } from '../api/email-receipt';

const f = messages.finance;

// Asked for only when a receipt has no address to go to: its form brings zod and react-hook-form,
// which the finance page does not need to be drawn (issue 34).
const EmailDialog = lazy(async () => ({ default: (await import('../../../components/email-dialog')).EmailDialog }));

/**
 * 'Enviar por e-mail' for a receipt: to the patient's (or the payer's) e-mail, and when the file
 * has none, a dialog asks where to send it instead of a toast saying one is missing.
 */
export function useReceiptMailer(payment: Pick<Payment, 'id'>) {
  const mutation = useEmailReceipt();
  const [asksEmail, setAsksEmail] = useState(false);
  // Once asked, the dialog stays mounted, so that it closes with its transition.
  const dialogMounted = useLatch(asksEmail);
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
  const dialog = dialogMounted && (
    <Suspense fallback={null}>
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
    </Suspense>
  );
  return { send: () => send(), isPending: mutation.isPending, isSuccess: mutation.isSuccess, dialog };
}
