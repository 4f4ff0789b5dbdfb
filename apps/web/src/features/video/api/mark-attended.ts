import { agendaApi, messages } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { toast } from '../../../lib/toasts';
import { roomViewQueryKey } from './get-room-view';

/** 'Marcar como realizada': the appointment's status becomes attended. */
export function useMarkAttended(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(agendaApi.update, { params: { id: appointmentId }, body: { status: 'attended', scope: 'this' } }),
    onSuccess: async () => {
      toast.success(messages.video.markedAttended);
      await queryClient.invalidateQueries({ queryKey: roomViewQueryKey });
    },
    onError: (error) => toast.error(error.message),
  });
}
