import { agendaApi, type PublicAppointment } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function publicAppointmentQueryKey(token: string) {
  return ['agenda', 'public', token] as const;
}

export async function getPublicAppointment(token: string, signal?: AbortSignal): Promise<PublicAppointment> {
  const response = await apiClient.call(agendaApi.getPublic, { body: { token }, signal });
  return response.data;
}

/** What the reminder's link shows: the time, modality and status, and the professional. Opening it changes nothing. */
export function usePublicAppointment(token: string) {
  return useQuery({
    queryKey: publicAppointmentQueryKey(token),
    queryFn: ({ signal }) => getPublicAppointment(token, signal),
    enabled: token !== '',
    retry: false,
  });
}
