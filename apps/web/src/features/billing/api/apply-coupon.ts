import { billingApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** Answers with the subscription as it is after the coupon (and the message to toast). */
export function applyCoupon(couponCode: string) {
  return apiClient.call(billingApi.applyCoupon, { body: { couponCode } });
}

export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCoupon,
    onSuccess: (response) => queryClient.setQueryData(subscriptionQueryKey, response.data),
  });
}
