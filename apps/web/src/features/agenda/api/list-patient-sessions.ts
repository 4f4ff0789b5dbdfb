import { useQuery } from '@tanstack/react-query';
import { patientSessionsQueryOptions } from '../../../lib/patient-lists';

/** The patient's sessions (appointments that have started), newest first, each with its note. */
export function usePatientSessions(patientId: string) {
  return useQuery(patientSessionsQueryOptions(patientId));
}
