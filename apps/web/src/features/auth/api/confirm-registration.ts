import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function confirmRegistration(confirmationToken: string) {
  return apiClient.post<null>('/v1/users/registrations/confirm', { confirmationToken });
}

export function useConfirmRegistration() {
  return useMutation({ mutationFn: confirmRegistration });
}
