import { financeApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function emailReceipt(paymentId: string) {
  return apiClient.call(financeApi.emailReceipt, { params: { id: paymentId }, body: {} });
}

/** Mails a receipt to the patient's e-mail (the answer's message says where). */
export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt });
}
