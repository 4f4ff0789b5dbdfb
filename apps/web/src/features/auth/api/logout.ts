import { authApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { endSession } from '../../../lib/session';

export function logout() {
  return apiClient.call(authApi.logout, {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      endSession(queryClient);
      // Unsent chat drafts live in this tab's storage; signing out on purpose leaves none behind
      // (a session that merely expires keeps them for the same professional's return).
      sessionStorage.clear();
      await navigate(paths.afterLogout, { replace: true });
    },
  });
}
