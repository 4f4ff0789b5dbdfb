import { billingApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function startCheckout(planId: string) {
  return apiClient.call(billingApi.checkout, { body: { planId } });
}

/** Opens Stripe Checkout for a plan: the browser leaves for Stripe's page. */
export function useStartCheckout(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: startCheckout, onSuccess: (response) => go(response.data.url) });
}
