import { financeApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes } from '../../../lib/query-keys';

export function voidPayment({ paymentId, reason }: { paymentId: string; reason: string }) {
  return apiClient.call(financeApi.voidPayment, { params: { id: paymentId }, body: { reason } });
}

/** Cancels a receipt: the month's totals, the pending sessions and the patient's balance are read again. */
export function useVoidPayment() {
  return useMutation({ mutationFn: voidPayment, meta: changes('payments') });
}
