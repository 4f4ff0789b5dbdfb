import { authApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function confirmRegistration(confirmationToken: string) {
  return apiClient.call(authApi.confirmRegistration, { body: { confirmationToken } });
}

export function useConfirmRegistration() {
  return useMutation({ mutationFn: confirmRegistration });
}
