import { bookingApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agendaQueryKey } from '../../../lib/query-keys';

/** 'Aceitar' or 'Recusar' a booking from the public page that awaits approval; its patient is told by e-mail. */
export function useDecideBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) => apiClient.call(accept ? bookingApi.accept : bookingApi.decline, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agendaQueryKey }),
  });
}
