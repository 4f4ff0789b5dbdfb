import type { RegistrationRequest } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface RegistrationCreated {
  userRegistration: { id: string };
}

export function register(registration: RegistrationRequest) {
  return apiClient.post<RegistrationCreated>('/v1/users/registrations', registration);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
