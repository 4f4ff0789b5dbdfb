import { financeApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client';

export const NO_RECIPIENT = 'RECIPIENT_EMAIL_MISSING';

export function emailReceipt({ paymentId, email }: { paymentId: string; email?: string }) {
  return apiClient.call(financeApi.emailReceipt, { params: { id: paymentId }, body: email === undefined ? {} : { email } });
}

/** Mails a receipt to the patient's e-mail (the answer's message says where); without one, `useReceiptMailer`'s dialog asks, and no toast does. */
export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt, meta: { errorShownInline: (error: unknown) => hasErrorCode(error, NO_RECIPIENT) } });
}
