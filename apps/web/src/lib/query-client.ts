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
 * The toasts of every API answer are shown here, in the caches, so that no hook or
 * component has to remember them: a mutation's `message` as success, any failure as error.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastApiError }),
    mutationCache: new MutationCache({
      onSuccess: (response) => toastResponseMessage(response),
      onError: (error) => toastApiError(error),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
