import { patientsApi, type PatientUpdateInput } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshSelectedPatient } from '../../../lib/selected-patient';
import { patientQueryKey } from './get-patient';
import { patientListsQueryKey } from './list-patients';

export interface PatientUpdateVariables {
  patientId: string;
  patient: PatientUpdateInput;
}

export function updatePatient({ patientId, patient }: PatientUpdateVariables) {
  return apiClient.call(patientsApi.update, { params: { id: patientId }, body: patient });
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: async (response) => {
      const { patient } = response.data;
      queryClient.setQueryData(patientQueryKey(patient.id), patient);
      refreshSelectedPatient(patient);
      // The name may have changed, and with it the order and the search results.
      await queryClient.invalidateQueries({ queryKey: patientListsQueryKey });
    },
  });
}
