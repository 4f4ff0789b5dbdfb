import { authApi, type RegistrationRequest } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function register(registration: RegistrationRequest) {
  return apiClient.call(authApi.register, { body: registration });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
