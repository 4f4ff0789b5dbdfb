import { financeApi, type PatientFinance } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financeQueryKey } from '../../../lib/query-keys';

export async function getPatientFinance(patientId: string, signal?: AbortSignal): Promise<PatientFinance> {
  const response = await apiClient.call(financeApi.patientFinance, { params: { id: patientId }, signal });
  return response.data.finance;
}

/** The patient's balance for sessions held, under the finance key so that a payment refreshes it. */
export function usePatientFinance(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...financeQueryKey, 'patient', patientId],
    queryFn: ({ signal }) => getPatientFinance(patientId, signal),
    enabled,
  });
}
