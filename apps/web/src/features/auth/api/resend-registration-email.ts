import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function resendRegistrationEmail(registrationId: string) {
  return apiClient.post<null>('/v1/users/registrations/resend-email', { id: registrationId });
}

export function useResendRegistrationEmail() {
  return useMutation({ mutationFn: resendRegistrationEmail });
}
