import { agendaApi, type AppointmentCreateRequest } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes } from '../../../lib/query-keys';

export function createAppointment(request: AppointmentCreateRequest) {
  return apiClient.call(agendaApi.create, { body: request });
}

/** Books an appointment or a series; 409 'Já existe uma consulta neste horário.' on an overlap. */
export function useCreateAppointment() {
  return useMutation({ mutationFn: createAppointment, meta: changes('appointments') });
}
