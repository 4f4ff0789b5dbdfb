import { patientsApi, type PatientDeletion } from '@consultorio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, hasErrorCode } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { deselectPatient } from '../../../lib/selected-patient';
import { patientQueryKey } from './get-patient';
import { patientListsQueryKey } from './list-patients';


function patientDeletionQueryKey(patientId: string) {
  return ['patients', 'deletion', patientId] as const;
}

async function getPatientDeletion(patientId: string, signal?: AbortSignal): Promise<PatientDeletion> {
  const response = await apiClient.call(patientsApi.deletion, { params: { id: patientId }, signal });
  return response.data.deletion;
}

/** Whether deleting the patient asks for the name typed (finalized records): read again at each opening. */
export function usePatientDeletion(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: patientDeletionQueryKey(patientId),
    queryFn: ({ signal }) => getPatientDeletion(patientId, signal),
    enabled,
    staleTime: 0,
  });
}

export interface PatientDeletionRequest {
  patientId: string;
  /** The full name as typed, for a patient with finalized records. */
  confirmName?: string | undefined;
}

/** Deletes the patient with their sessions, forms and records. */
export function deletePatient({ patientId, confirmName }: PatientDeletionRequest) {
  return apiClient.call(patientsApi.remove, { params: { id: patientId }, body: confirmName === undefined ? {} : { confirmName } });
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatient,
    onSuccess: async (_response, { patientId }) => {
      deselectPatient(patientId);
      queryClient.removeQueries({ queryKey: patientQueryKey(patientId) });
      queryClient.removeQueries({ queryKey: patientDeletionQueryKey(patientId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
    // A record finalized since the panel opened: the confirmation now asks for the name.
    onError: (error, { patientId }) => {
      if (hasErrorCode(error, 'PATIENT_NAME_CONFIRMATION')) {
        void queryClient.invalidateQueries({ queryKey: patientDeletionQueryKey(patientId) });
      }
    },
  });
}
