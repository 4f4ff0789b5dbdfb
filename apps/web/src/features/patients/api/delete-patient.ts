import { patientsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { deselectPatient } from '../../../lib/selected-patient';
import { patientQueryKey } from './get-patient';
import { patientListsQueryKey } from './list-patients';

/** Deletes the patient with their sessions, forms and records. */
export function deletePatient(patientId: string) {
  return apiClient.call(patientsApi.remove, { params: { id: patientId } });
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: async (_response, patientId) => {
      deselectPatient(patientId);
      queryClient.removeQueries({ queryKey: patientQueryKey(patientId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
