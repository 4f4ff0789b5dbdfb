import { useQuery } from '@tanstack/react-query';
import { formListQueryOptions } from '../../../lib/patient-lists';

/**
 * The patient's forms, for 'Enviar formulário'. Same call and cache entry as the forms
 * feature's list, so a form created there is offered here.
 */
export function usePatientForms(patientId: string, enabled: boolean) {
  return useQuery({
    ...formListQueryOptions(patientId),
    enabled,
    // Read again at each opening: one may have just been created in another tab.
    staleTime: 0,
  });
}
