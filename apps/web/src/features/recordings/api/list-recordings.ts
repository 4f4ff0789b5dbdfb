import { recordingsApi, type RouteData } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type RecordingList = RouteData<typeof recordingsApi.list>;

export function recordingsQueryKey(recordId: string) {
  return ['recordings', 'record', recordId] as const;
}

const working = new Set(['transcribing', 'drafting']);

/** The record's recordings and whether recording is enabled; asked again every 2 s while one is being transcribed or drafted. */
export function useRecordings(recordId: string) {
  return useQuery({
    queryKey: recordingsQueryKey(recordId),
    queryFn: async ({ signal }) => (await apiClient.call(recordingsApi.list, { params: { id: recordId }, signal })).data,
    refetchInterval: (query) => (query.state.data?.recordings.some((recording) => working.has(recording.status)) ? 2000 : false),
  });
}
