import { authApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function resendRegistrationEmail(registrationId: string) {
  return apiClient.call(authApi.resendRegistrationMail, { body: { id: registrationId } });
}

export function useResendRegistrationEmail() {
  return useMutation({ mutationFn: resendRegistrationEmail });
}
