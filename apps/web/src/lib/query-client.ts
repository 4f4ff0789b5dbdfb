import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';
import { toastApiError, toastResponseMessage } from './api-toast';

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

function isShownInline(meta: Record<string, unknown> | undefined, error: unknown): boolean {
  const shownInline = meta?.['errorShownInline'];
  if (typeof shownInline !== 'function') return shownInline === true;
  return (shownInline as (failure: unknown) => unknown)(error) === true;
}

/**
 * The toasts of every API answer are shown here, in the caches, so that no hook or
 * component has to remember them: a mutation's `message` as success, any failure as error
 * (unless the mutation shows it inline: `meta: errorShownInline`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastApiError }),
    mutationCache: new MutationCache({
      onSuccess: (response) => toastResponseMessage(response),
      onError: (error, _variables, _result, mutation) => {
        if (!isShownInline(mutation.meta, error)) toastApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
