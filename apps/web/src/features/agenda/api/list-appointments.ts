import { agendaApi, type Appointment } from '@consultorio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agendaQueryKey } from '../../../lib/query-keys';

/**
 * How often an open agenda reads its appointments again (not while the tab is hidden): a
 * patient who confirms or cancels through the reminder's link shows within a minute.
 */
export const AGENDA_REFRESH_MS = 30_000;

export interface AppointmentRange {
  /** ISO instants, at most 62 days apart. */
  from: string;
  to: string;
}

export function appointmentsQueryKey(range: AppointmentRange) {
  return [...agendaQueryKey, 'appointments', range.from, range.to] as const;
}

export async function listAppointments(range: AppointmentRange, signal?: AbortSignal): Promise<Appointment[]> {
  const response = await apiClient.call(agendaApi.list, { query: range, signal });
  return response.data.appointments;
}

export function appointmentsQueryOptions(range: AppointmentRange) {
  return queryOptions({
    queryKey: appointmentsQueryKey(range),
    queryFn: ({ signal }) => listAppointments(range, signal),
    refetchInterval: AGENDA_REFRESH_MS,
  });
}

/** The appointments between two instants, every occurrence of a series on its own, by start. */
export function useAppointments(range: AppointmentRange) {
  // While another week loads, the one on screen stays.
  return useQuery({ ...appointmentsQueryOptions(range), placeholderData: keepPreviousData });
}
