import { agendaApi, type AppointmentUpdateRequest } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes } from '../../../lib/query-keys';

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
  return useMutation({ mutationFn: updateAppointment, meta: changes('appointments') });
}
