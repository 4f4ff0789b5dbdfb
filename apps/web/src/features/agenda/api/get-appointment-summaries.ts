import { agendaApi, limits, type AppointmentSummary } from '@consultorio/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agendaQueryKey } from '../../../lib/query-keys';

type Fetch = (patientIds: string[]) => Promise<AppointmentSummary[]>;

/**
 * Collects the patients asked for in the same moment (a list's patients, its cards) and asks for
 * their summaries in one call per 100, instead of one call per card.
 */
export function createSummaryBatcher(fetchSummaries: Fetch, wait: (run: () => void) => void = (run) => setTimeout(run, 0)) {
  let pending = new Map<string, ((summary: AppointmentSummary) => void)[]>();
  let failures = new Map<string, ((error: unknown) => void)[]>();

  function flush() {
    const batch = pending;
    const rejects = failures;
    pending = new Map();
    failures = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += limits.appointmentSummaryPatientsMax) {
      const chunk = ids.slice(start, start + limits.appointmentSummaryPatientsMax);
      fetchSummaries(chunk).then(
        (summaries) => {
          const byId = new Map(summaries.map((summary) => [summary.patientId, summary]));
          for (const id of chunk) {
            const summary = byId.get(id) ?? { patientId: id, nextStartsAt: null, attended: 0, noShow: 0, cancelled: 0 };
            for (const resolve of batch.get(id) ?? []) resolve(summary);
          }
        },
        (error: unknown) => {
          for (const id of chunk) for (const reject of rejects.get(id) ?? []) reject(error);
        },
      );
    }
  }

  return function summaryOf(patientId: string): Promise<AppointmentSummary> {
    return new Promise((resolve, reject) => {
      const isFirst = pending.size === 0;
      pending.set(patientId, [...(pending.get(patientId) ?? []), resolve]);
      failures.set(patientId, [...(failures.get(patientId) ?? []), reject]);
      if (isFirst) wait(flush);
    });
  };
}

const summaryOf = createSummaryBatcher(async (patientIds) => {
  const response = await apiClient.call(agendaApi.summaries, { query: { patientIds: patientIds.join(',') } });
  return response.data.summaries;
});

function summaryQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: [...agendaQueryKey, 'summary', patientId],
    queryFn: () => summaryOf(patientId),
  });
}

/** The patient's next appointment and how many they attended, missed and cancelled. */
export function usePatientAgendaSummary(patientId: string) {
  return useQuery(summaryQueryOptions(patientId));
}

/**
 * Asks at once for the summaries of a list's patients (one call per 100, in the list's order), so
 * that cards drawn a few at a time find theirs already asked for: one call for the list instead of
 * one per drawing step, and the cards drawn after the first screenful are drawn once, with their
 * summary (on the page's first load, the first screenful too: the route asks as soon as the list
 * comes, and that call is the one whose answer the page's HTML brought,
 * apps/api/src/platform/first-answers.ts). Summaries still fresh are not asked for again.
 */
export function prefetchPatientAgendaSummaries(client: QueryClient, patientIds: readonly string[]): void {
  for (const patientId of patientIds) void client.prefetchQuery(summaryQueryOptions(patientId));
}
