import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function recoverUsername(email: string) {
  return apiClient.post<null>('/v1/users/recover-username', { email });
}

export function useRecoverUsername() {
  return useMutation({ mutationFn: recoverUsername });
}
