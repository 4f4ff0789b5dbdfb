import { agendaApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { publicAppointmentQueryKey } from './get-public-appointment';

export interface PublicAnswer {
  token: string;
  action: 'confirm' | 'cancel';
  reason?: string;
}

export function answerPublicAppointment({ token, action, reason }: PublicAnswer) {
  const route = action === 'confirm' ? agendaApi.confirmPublic : agendaApi.cancelPublic;
  return apiClient.call(route, { body: { token, reason: reason ?? null } });
}

/** The patient confirms or cancels through the reminder's link; the page then shows the new status. */
export function useAnswerPublicAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPublicAppointment,
    onSuccess: (response, { token }) => queryClient.setQueryData(publicAppointmentQueryKey(token), response.data),
    // A 409 (already cancelled) shows its toast; the page reads the status again.
    onError: (_error, { token }) => queryClient.invalidateQueries({ queryKey: publicAppointmentQueryKey(token) }),
  });
}
