import { recordsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { changes, recordListQueryKey, userStatsQueryKey } from '../../../lib/query-keys';

export interface CreateSessionNoteVariables {
  patientId: string;
  appointmentId: string;
}

/** 'Registrar evolução': the appointment's note, named and dated by it, from the professional's default template. */
export function createSessionNote({ patientId, appointmentId }: CreateSessionNoteVariables) {
  return apiClient.call(recordsApi.create, { params: { id: patientId }, body: { appointmentId } });
}

export function useCreateSessionNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSessionNote,
    // The appointment now shows its note and may have become 'attended' (what it owes with it).
    meta: changes('appointments'),
    // The records list has one more.
    onSuccess: async (_record, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recordListQueryKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
