import { financeApi, type PaymentCreateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

export function createPayment(payment: PaymentCreateRequest) {
  return apiClient.call(financeApi.createPayment, { body: payment });
}

/**
 * Registers a payment (and its receipt); every total, list and balance is read again. The
 * refresh is not waited for: the caller's own onSuccess (showing the receipt) must run before
 * the paid patient's card leaves the pending list.
 */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: financeQueryKey });
    },
  });
}
