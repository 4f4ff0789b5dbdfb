import { bookingApi, type BookedAppointment, type BookingProfile, type BookingRequestInput, type BookingSlot } from '@consultorio/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { errorShownInline } from '../../../lib/query-client';

export async function getBookingProfile(slug: string, signal?: AbortSignal): Promise<BookingProfile> {
  return (await apiClient.call(bookingApi.profile, { params: { slug }, signal })).data.profile;
}

export function bookingProfileQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['booking', slug, 'profile'], queryFn: ({ signal }) => getBookingProfile(slug, signal), retry: false });
}

/** The page's professional: name, profession, registration, modalities and time zone. */
export function useBookingProfile(slug: string) {
  return useQuery(bookingProfileQueryOptions(slug));
}

export async function listBookingSlots(slug: string, range: { from: string; to: string }, signal?: AbortSignal): Promise<BookingSlot[]> {
  return (await apiClient.call(bookingApi.slots, { params: { slug }, query: range, signal })).data.slots;
}

/** Holds the slot and mails the link that confirms it. */
export function useRequestBooking(slug: string) {
  // Its failure is shown in the form, next to the button.
  return useMutation({ mutationFn: (body: BookingRequestInput) => apiClient.call(bookingApi.request, { params: { slug }, body }), meta: errorShownInline });
}

export async function confirmBooking(token: string): Promise<BookedAppointment> {
  return (await apiClient.call(bookingApi.confirm, { body: { token } })).data.appointment;
}
