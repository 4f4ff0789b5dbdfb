import { bookingApi, usersApi, type Availability, type ProfileUpdateInput } from '@consultorio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { successToastedElsewhere } from '../../../lib/query-client';
import { setCurrentUser } from '../../../lib/session';

const availabilityKey = ['booking', 'availability'] as const;

export function useAvailability() {
  return useQuery({ queryKey: availabilityKey, queryFn: async ({ signal }) => (await apiClient.call(bookingApi.availability, { signal })).data });
}

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) => apiClient.call(bookingApi.updateAvailability, { body: availability }),
    onSuccess: (response) => queryClient.setQueryData(availabilityKey, response.data),
  });
}

/** Saves the page's address and switch with the rest of the profile as it is (the hours' save says it was saved). */
export function useUpdateBookingPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdateInput) => apiClient.call(usersApi.updateProfile, { body: profile }),
    meta: successToastedElsewhere,
    onSuccess: (response) => setCurrentUser(queryClient, response.data.user),
  });
}
