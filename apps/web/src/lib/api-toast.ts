import { messages } from '@consultorio/shared';
import { ApiError } from './api-client';
import { toast } from './toasts';

function responseMessage(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || !('message' in response)) return undefined;
  return typeof response.message === 'string' && response.message !== '' ? response.message : undefined;
}

/** Shows the `message` of a successful API answer, when it has one. */
export function toastResponseMessage(response: unknown): void {
  const message = responseMessage(response);
  if (message !== undefined) toast.success(message);
}

/**
 * Shows why a call failed: the server's message, or a generic text for anything else. The same
 * words while a toast already says them replace it rather than stack under it: the forty cards
 * whose one batched call failed (the patients' agenda summaries) show one toast, not forty.
 */
export function toastApiError(error: unknown): void {
  const message = error instanceof ApiError ? error.message : messages.requestErrors.generic;
  toast.error(message, { id: message });
}
