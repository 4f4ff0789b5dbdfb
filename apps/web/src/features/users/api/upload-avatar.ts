import { usersApi } from '@consultorio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/session';

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.call(usersApi.uploadAvatar, { body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (response) => setCurrentUser(queryClient, response.data.user),
  });
}
