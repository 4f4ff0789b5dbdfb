import { useQuery } from '@tanstack/react-query';
import { recordListQueryOptions } from '../../../lib/patient-lists';

/**
 * The patient's records, for 'Enviar prontuário'. Same call and cache entry as the records
 * feature's list, so a record created there is offered here.
 */
export function usePatientRecords(patientId: string, enabled: boolean) {
  return useQuery({
    ...recordListQueryOptions(patientId),
    enabled,
    // Read again at each opening: one may have just been created in another tab.
    staleTime: 0,
  });
}
