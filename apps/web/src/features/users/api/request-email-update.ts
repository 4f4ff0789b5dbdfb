import { usersApi, type RouteBody } from '@consultorio/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The new address and the current password (`userPassword`), which the change asks for. */
export type EmailUpdate = RouteBody<typeof usersApi.requestEmailUpdate>;

/** Sends a confirmation link to the new address; the e-mail changes once it is opened. */
export function requestEmailUpdate(update: EmailUpdate) {
  return apiClient.call(usersApi.requestEmailUpdate, { body: update });
}

export function useRequestEmailUpdate() {
  return useMutation({ mutationFn: requestEmailUpdate });
}
