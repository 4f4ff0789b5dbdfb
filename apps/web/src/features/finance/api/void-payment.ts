import { financeApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

export function voidPayment({ paymentId, reason }: { paymentId: string; reason: string }) {
  return apiClient.call(financeApi.voidPayment, { params: { id: paymentId }, body: { reason } });
}

/** Cancels a receipt: the month's totals, the pending sessions and the patient's balance are read again. */
export function useVoidPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: financeQueryKey });
    },
  });
}
