import { financeApi, type PaymentCreateRequest } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { successToastedElsewhere } from '../../../lib/query-client';
import { changes } from '../../../lib/query-keys';

export function createPayment(payment: PaymentCreateRequest) {
  return apiClient.call(financeApi.createPayment, { body: payment });
}

/**
 * Registers a payment (and its receipt); every total, list and balance is read again (`staleAfter.payments`).
 * Its message ('Pagamento registrado. Recibo nº 1 emitido.') heads the receipt's dialog that opens: no toast repeats it.
 */
export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment, meta: { ...changes('payments'), ...successToastedElsewhere } });
}
