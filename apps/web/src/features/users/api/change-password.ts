import { usersApi, type RouteBody } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshCurrentUser } from '../../../lib/session';

/** The current password (`userPassword`) and the new one. */
export type PasswordChange = RouteBody<typeof usersApi.changePassword>;

export function changePassword(change: PasswordChange) {
  return apiClient.call(usersApi.changePassword, { body: change });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A new password lifts a required change (after a recovery): the session's user says so.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
