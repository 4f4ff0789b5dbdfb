import { patientsApi } from '@consultorio/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { agendaQueryKey } from '../../../lib/query-keys';

export interface PatientOption {
  value: string;
  label: string;
  /** The patient's session fee, which a new appointment starts with. */
  sessionFeeCents: number | null;
}

/** The patients whose name contains `q` (the first page), as the options of the appointment's patient. */
export async function searchPatients(q: string, signal?: AbortSignal): Promise<PatientOption[]> {
  const response = await apiClient.call(patientsApi.list, { query: { q, limit: 50 }, signal });
  return response.data.patients.map((patient) => ({
    value: patient.id,
    label: fullName(patient.firstName, patient.lastName),
    sessionFeeCents: patient.sessionFeeCents,
  }));
}

export function usePatientOptions(q: string) {
  return useQuery({
    queryKey: [...agendaQueryKey, 'patient-options', q],
    queryFn: ({ signal }) => searchPatients(q, signal),
    placeholderData: keepPreviousData,
  });
}
