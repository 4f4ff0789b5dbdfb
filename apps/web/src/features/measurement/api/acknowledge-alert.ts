import { measurementApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { alertListsQueryKey } from './list-alerts';

export function acknowledgeAlert(alertId: string) {
  return apiClient.call(measurementApi.acknowledgeAlert, { params: { id: alertId } });
}

/** 'Ciente': the server keeps who and when; the banners drop the alert. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: alertListsQueryKey });
    },
  });
}
