import { patientsApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshSelectedPatient } from '../../../lib/selected-patient';
import { patientQueryKey } from './get-patient';
import { patientListsQueryKey } from './list-patients';

export interface PatientAvatarVariables {
  patientId: string;
  file: File;
}

export function uploadPatientAvatar({ patientId, file }: PatientAvatarVariables) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.call(patientsApi.uploadAvatar, { params: { id: patientId }, body: form });
}

export function useUploadPatientAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPatientAvatar,
    onSuccess: async (response) => {
      const { patient } = response.data;
      queryClient.setQueryData(patientQueryKey(patient.id), patient);
      refreshSelectedPatient(patient);
      await queryClient.invalidateQueries({ queryKey: patientListsQueryKey });
    },
  });
}
