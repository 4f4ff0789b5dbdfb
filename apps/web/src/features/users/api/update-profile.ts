import { usersApi, type ProfileUpdate } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/session';

export function updateProfile(profile: ProfileUpdate) {
  return apiClient.call(usersApi.updateProfile, { body: profile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => setCurrentUser(queryClient, response.data.user),
  });
}
