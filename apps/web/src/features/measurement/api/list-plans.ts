import { measurementApi, type RouteData } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type PlanList = RouteData<typeof measurementApi.listPlans>;

export function planListQueryKey(patientId: string) {
  return ['measurement', 'plans', patientId] as const;
}

export async function listPlans(patientId: string, signal?: AbortSignal): Promise<PlanList> {
  const response = await apiClient.call(measurementApi.listPlans, { params: { id: patientId }, signal });
  return response.data;
}

/** The patient's measurement plans, and whether the patient has an e-mail to send them to. */
export function usePlans(patientId: string) {
  return useQuery({ queryKey: planListQueryKey(patientId), queryFn: ({ signal }) => listPlans(patientId, signal) });
}
