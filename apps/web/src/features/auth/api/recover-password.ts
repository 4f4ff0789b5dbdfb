import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function recoverPassword(email: string) {
  return apiClient.post<null>('/v1/users/recover-password', { email });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
