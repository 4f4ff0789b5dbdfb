import { patientsApi, urlOf } from '@consultorio/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const pageSize = 50;

/** Who read or changed the patient's data, newest first, a page at a time. */
export function useAccessLog(patientId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['patients', 'access-log', patientId] as const,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam === null ? { limit: pageSize } : { limit: pageSize, cursor: pageParam };
      const response = await apiClient.call(patientsApi.accessLog, { params: { id: patientId }, query, signal });
      return response.data;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
    staleTime: 0,
  });
}

/** The address of the patient's whole file as a ZIP (the browser downloads it as it streams). */
export function patientExportUrl(patientId: string): string {
  return urlOf(patientsApi.export, { params: { id: patientId } });
}
