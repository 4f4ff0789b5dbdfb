import { videoApi, type RoomView } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const roomViewQueryKey = ['video', 'room'] as const;

export async function getProfessionalRoomView(appointmentId: string, signal?: AbortSignal): Promise<RoomView> {
  return (await apiClient.call(videoApi.professionalView, { params: { id: appointmentId }, signal })).data.room;
}

export async function getPatientRoomView(token: string, signal?: AbortSignal): Promise<RoomView> {
  return (await apiClient.call(videoApi.patientView, { body: { token }, signal })).data.room;
}

/** What the room's page shows the professional (their own appointment only). */
export function useProfessionalRoomView(appointmentId: string) {
  return useQuery({
    queryKey: [...roomViewQueryKey, 'professional', appointmentId],
    queryFn: ({ signal }) => getProfessionalRoomView(appointmentId, signal),
    retry: false,
  });
}

/** What the room's page shows the patient, found by the link's token. */
export function usePatientRoomView(token: string) {
  return useQuery({
    queryKey: [...roomViewQueryKey, 'patient', token],
    queryFn: ({ signal }) => getPatientRoomView(token, signal),
    enabled: token !== '',
    retry: false,
  });
}
