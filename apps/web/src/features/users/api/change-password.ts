import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface PasswordChange {
  /** The current password. */
  userPassword: string;
  /** The new password. */
  password: string;
}

export function changePassword(change: PasswordChange) {
  return apiClient.put<null>('/v1/users/me/password', change);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
