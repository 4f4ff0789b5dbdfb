import { portalApi } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** 'Convidar para o portal': the patient is mailed a link to sign in (the API's message is the toast). */
export function useInviteToPortal() {
  return useMutation({ mutationFn: (patientId: string) => apiClient.call(portalApi.invite, { params: { id: patientId } }) });
}
