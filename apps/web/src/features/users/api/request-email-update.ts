import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Sends a confirmation link to the new address; the e-mail changes once it is opened. */
export function requestEmailUpdate(email: string) {
  return apiClient.post<null>('/v1/users/me/email-updates', { email });
}

export function useRequestEmailUpdate() {
  return useMutation({ mutationFn: requestEmailUpdate });
}
