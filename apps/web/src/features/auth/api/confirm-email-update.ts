import { usersApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshCurrentUser } from '../../../lib/session';

export function confirmEmailUpdate(confirmationToken: string) {
  return apiClient.call(usersApi.confirmEmailUpdate, { body: { confirmationToken } });
}

export function useConfirmEmailUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailUpdate,
    // The address shown in the account page is the new one from now on.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
