import { agendaApi, type ChangeScope } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agendaQueryKey } from './list-appointments';

export interface DeleteAppointmentVariables {
  appointmentId: string;
  scope: ChangeScope;
}

export function deleteAppointment({ appointmentId, scope }: DeleteAppointmentVariables) {
  return apiClient.call(agendaApi.remove, { params: { id: appointmentId }, query: { scope } });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaQueryKey }),
  });
}
