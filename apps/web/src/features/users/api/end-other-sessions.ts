import { sessionsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/** Ends every session of the professional but this browser's. */
export function endOtherSessions() {
  return apiClient.call(sessionsApi.endOthers, {});
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
