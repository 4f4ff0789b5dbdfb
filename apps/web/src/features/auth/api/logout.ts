import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { endSession } from '../../../lib/session';

export function logout() {
  return apiClient.delete<null>('/v1/users/users-sessions');
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      endSession(queryClient);
      await navigate(paths.afterLogout, { replace: true });
    },
  });
}
