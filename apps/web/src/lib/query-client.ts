import { MutationCache, notifyManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';
import { toastApiError, toastResponseMessage } from './api-toast';
import { staleAfter, type DataChange } from './query-keys';

const MAX_RETRIES = 1;

/** Only failures that may pass by themselves (network, 5xx) are worth a retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return error instanceof ApiError && (error.status === NETWORK_ERROR_STATUS || error.status >= 500);
}

/**
 * What a mutation's `meta` may say: its failure is shown inline, next to what failed, so no
 * toast repeats it; a function says which failures are (the others are toasted as usual).
 */
export const errorShownInline = { errorShownInline: true } as const;

/**
 * A mutation whose success message another call of the same save already shows (one form saved
 * by two calls): one toast for the save, not two.
 */
export const successToastedElsewhere = { successToastedElsewhere: true } as const;

function isShownInline(meta: Record<string, unknown> | undefined, error: unknown): boolean {
  const shownInline = meta?.['errorShownInline'];
  if (typeof shownInline !== 'function') return shownInline === true;
  return (shownInline as (failure: unknown) => unknown)(error) === true;
}

function changeOf(meta: Record<string, unknown> | undefined): DataChange | null {
  const change = meta?.['changes'];
  return typeof change === 'string' && Object.hasOwn(staleAfter, change) ? (change as DataChange) : null;
}

/**
 * After a mutation that says what it changes (`meta: changes('appointments')`), every query
 * showing that data, in any feature, is read again: the ones on screen at once, the others when
 * next shown. Also after a failure: a refused change (a drag onto a taken slot) must show what
 * the server has. Not waited for: the mutation's own callbacks run first (the receipt of a
 * payment is shown before the paid patient leaves the pending list).
 */
function refreshAfter(client: QueryClient, meta: Record<string, unknown> | undefined): void {
  const change = changeOf(meta);
  if (change === null) return;
  for (const queryKey of staleAfter[change]) void client.invalidateQueries({ queryKey });
}

/**
 * The toasts of every API answer are shown here, in the caches, so that no hook or
 * component has to remember them: a mutation's `message` as success, any failure as error
 * (unless the mutation shows it inline: `meta: errorShownInline`). The refresh of what a
 * mutation changed is here too (`refreshAfter`).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A query may show some failures itself too (`meta: errorShownInline`), as a mutation may.
    queryCache: new QueryCache({ onError: (error, query) => (isShownInline(query.meta, error) ? undefined : toastApiError(error)) }),
    mutationCache: new MutationCache({
      onSuccess: (response, _variables, _result, mutation) => {
        if (mutation.meta?.['successToastedElsewhere'] !== true) toastResponseMessage(response);
      },
      onError: (error, _variables, _result, mutation) => {
        if (!isShownInline(mutation.meta, error)) toastApiError(error);
      },
      onSettled: (_data, _error, _variables, _result, mutation) => refreshAfter(client, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * TanStack Query's notifications, flushed together: by default each query's change is sent to
 * its components on a `setTimeout` of its own, so forty queries answered by one request (the
 * patients' agenda summaries, batched) drew the page forty times. The changes queued before the
 * first one's timer fires now run in that one task, which React draws once; none runs later
 * than it would have.
 */
export function coalescingScheduler(schedule: (run: () => void) => void = (run) => setTimeout(run, 0)) {
  let queued: (() => void)[] = [];
  const runQueued = () => {
    const callbacks = queued;
    queued = [];
    for (const callback of callbacks) {
      try {
        callback();
      } catch (error) {
        // The others still run, as they would on timers of their own; the error is not lost.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  };
  return (callback: () => void) => {
    queued.push(callback);
    if (queued.length === 1) schedule(runQueued);
  };
}

notifyManager.setScheduler(coalescingScheduler());

export const queryClient = createQueryClient();
