import { authApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function recoverUsername(email: string) {
  return apiClient.call(authApi.recoverUsername, { body: { email } });
}

export function useRecoverUsername() {
  return useMutation({ mutationFn: recoverUsername });
}
