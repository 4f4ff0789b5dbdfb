import { useQuery } from '@tanstack/react-query';
import { patientSessionsQueryOptions } from '../../../lib/patient-lists';

/** The patient's attended sessions, newest first: what a declaration may inform. */
export function useAttendedSessions(patientId: string) {
  return useQuery({ ...patientSessionsQueryOptions(patientId), select: (sessions) => sessions.filter((session) => session.status === 'attended') });
}
