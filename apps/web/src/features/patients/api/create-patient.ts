import { patientsApi, type PatientCreateInput } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userStatsQueryKey } from '../../../lib/query-keys';
import { patientQueryKey } from './get-patient';
import { patientListsQueryKey } from './list-patients';

export function createPatient(patient: PatientCreateInput) {
  return apiClient.call(patientsApi.create, { body: patient });
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: async (response) => {
      const { patient } = response.data;
      queryClient.setQueryData(patientQueryKey(patient.id), patient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: userStatsQueryKey }),
      ]);
    },
  });
}
