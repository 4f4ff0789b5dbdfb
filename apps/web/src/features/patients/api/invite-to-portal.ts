import { portalApi } from '@consultorio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const accessKey = (patientId: string) => ['patients', 'portal-access', patientId] as const;

/** 'Convidar para o portal': the patient is mailed a link to sign in (the API's message is the toast). */
export function useInviteToPortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: string) => apiClient.call(portalApi.invite, { params: { id: patientId } }),
    onSuccess: (_response, patientId) => queryClient.invalidateQueries({ queryKey: accessKey(patientId) }),
  });
}

/** When the patient was invited to the portal and accepted its terms. */
export function usePortalAccess(patientId: string) {
  return useQuery({
    queryKey: accessKey(patientId),
    queryFn: async ({ signal }) => (await apiClient.call(portalApi.access, { params: { id: patientId }, signal })).data.access,
  });
}
