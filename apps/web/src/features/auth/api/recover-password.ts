import { authApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function recoverPassword(email: string) {
  return apiClient.call(authApi.recoverPassword, { body: { email } });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
