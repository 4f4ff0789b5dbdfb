import { messages, type User } from '@consultorio/shared';
import { Button, FileButton, Stack } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef } from 'react';
import { PersonAvatar } from '../../../components/person-avatar';
import { useUploadAvatar } from '../api/upload-avatar';

export function AvatarUpload({ user }: { user: User }) {
  const upload = useUploadAvatar();
  const resetFileInput = useRef<() => void>(null);

  const uploadFile = (file: File | null) => {
    if (!file) return;
    // Cleared at once so that choosing the same file again still triggers an upload.
    resetFileInput.current?.();
    upload.mutate(file);
  };

  return (
    <Stack align="center" gap="sm">
      <PersonAvatar
        size={120}
        radius={120}
        firstName={user.firstName}
        lastName={user.lastName}
        avatarExternalKey={user.avatarExternalKey}
      />
      <FileButton onChange={uploadFile} accept="image/*" resetRef={resetFileInput} disabled={upload.isPending}>
        {(props) => (
          <Button {...props} variant="light" size="xs" leftSection={<IconCamera size={16} />} disabled={upload.isPending}>
            {upload.isPending ? messages.account.uploadingAvatar : messages.account.uploadAvatar}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
