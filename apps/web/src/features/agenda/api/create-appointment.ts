import { agendaApi, type AppointmentCreateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agendaQueryKey } from './list-appointments';

export function createAppointment(request: AppointmentCreateRequest) {
  return apiClient.call(agendaApi.create, { body: request });
}

/** Books an appointment or a series; 409 'Já existe uma consulta neste horário.' on an overlap. */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaQueryKey }),
  });
}
