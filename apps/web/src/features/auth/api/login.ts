import type { authApi, LoginRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, routeRef } from '../../../lib/api-client';
import { useNavigateTo } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { setCurrentUser } from '../../../lib/session';

// By reference: the login page's JavaScript carries no zod (see routeRef).
const loginRoute = routeRef<typeof authApi.login>('POST', '/v1/users/users-sessions');

export function login(credentials: LoginRequest) {
  // Wrong credentials answer 401 too; that is a failed login, not an expired session.
  return apiClient.call(loginRoute, { body: credentials, handleUnauthorized: false });
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigateTo = useNavigateTo();
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      setCurrentUser(queryClient, response.data.user);
      await navigateTo(paths.dashboard);
    },
  });
}
