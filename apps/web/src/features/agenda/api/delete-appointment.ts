import { agendaApi, type ChangeScope } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes } from '../../../lib/query-keys';

export interface DeleteAppointmentVariables {
  appointmentId: string;
  scope: ChangeScope;
}

export function deleteAppointment({ appointmentId, scope }: DeleteAppointmentVariables) {
  return apiClient.call(agendaApi.remove, { params: { id: appointmentId }, query: { scope } });
}

export function useDeleteAppointment() {
  return useMutation({ mutationFn: deleteAppointment, meta: changes('appointments') });
}
