import { agendaApi } from '@consultorio/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const calendarFeedQueryKey = ['agenda', 'calendar-feed'] as const;

export interface CalendarFeed {
  url: string;
  fullNames: boolean;
}

export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  const response = await apiClient.call(agendaApi.calendarFeed, { signal });
  return response.data;
}

/** The private address of the professional's calendar (made on first use). */
export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedQueryKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
}
