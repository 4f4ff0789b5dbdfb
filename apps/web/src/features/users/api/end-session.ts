import { sessionsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/** Ends one of the professional's sessions (another browser's; ending this one signs it out). */
export function endSession(sessionId: string) {
  return apiClient.call(sessionsApi.end, { params: { id: sessionId } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
