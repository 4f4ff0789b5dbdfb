import { measurementApi, type SafetyAlert } from '@consultorio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every list of alerts (all, or one patient's); acknowledging one refreshes them all. */
export const alertListsQueryKey = ['measurement', 'alerts'] as const;

export async function listOpenAlerts(patientId: string | undefined, signal?: AbortSignal): Promise<SafetyAlert[]> {
  const response = await apiClient.call(measurementApi.listAlerts, {
    query: { status: 'open', ...(patientId ? { patientId } : {}) },
    signal,
  });
  return response.data.alerts;
}

export function openAlertsQueryOptions(patientId?: string) {
  return queryOptions({
    queryKey: [...alertListsQueryKey, patientId ?? 'all'],
    queryFn: ({ signal }) => listOpenAlerts(patientId, signal),
    refetchInterval: 60_000,
  });
}

/** The alerts not yet marked 'Ciente', of one patient or of all; checked again every minute. */
export function useOpenAlerts(patientId?: string) {
  return useQuery(openAlertsQueryOptions(patientId));
}
