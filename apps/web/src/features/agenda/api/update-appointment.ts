import { agendaApi, type AppointmentUpdateRequest } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agendaQueryKey } from './list-appointments';

export interface UpdateAppointmentVariables {
  appointmentId: string;
  /** The fields that change, with `scope` for an appointment of a series. */
  changes: AppointmentUpdateRequest;
}

export function updateAppointment({ appointmentId, changes }: UpdateAppointmentVariables) {
  return apiClient.call(agendaApi.update, { params: { id: appointmentId }, body: changes });
}

/** Moves, edits, cancels or marks an appointment (or it and the following ones of its series). */
export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    // Also after a failure: a drag that was refused must go back to what the server has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaQueryKey }),
  });
}
