import { measurementApi, type ScoreSeries } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function scoreSeriesQueryKey(patientId: string) {
  return ['measurement', 'score-series', patientId] as const;
}

export async function getScoreSeries(patientId: string, signal?: AbortSignal): Promise<ScoreSeries[]> {
  const response = await apiClient.call(measurementApi.scoreSeries, { params: { id: patientId }, signal });
  return response.data.series;
}

/** Each scored questionnaire's submitted scores for the patient, oldest first. */
export function useScoreSeries(patientId: string) {
  return useQuery({ queryKey: scoreSeriesQueryKey(patientId), queryFn: ({ signal }) => getScoreSeries(patientId, signal) });
}
