import { agendaApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

export function renewCalendarFeed(options: { fullNames?: boolean }) {
  return apiClient.call(agendaApi.renewCalendarFeed, { body: options });
}

/** A new address (the old one stops working), with the names choice. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (response) => queryClient.setQueryData(calendarFeedQueryKey, response.data),
  });
}
