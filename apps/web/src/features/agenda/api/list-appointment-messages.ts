import { agendaApi, type AppointmentMessage } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function listAppointmentMessages(appointmentId: string, signal?: AbortSignal): Promise<AppointmentMessage[]> {
  return (await apiClient.call(agendaApi.messages, { params: { id: appointmentId }, signal })).data.messages;
}

/** The reminders and notices the patient was sent about an appointment, with their statuses and answers. */
export function useAppointmentMessages(appointmentId: string) {
  return useQuery({ queryKey: ['agenda', 'messages', appointmentId], queryFn: ({ signal }) => listAppointmentMessages(appointmentId, signal) });
}
