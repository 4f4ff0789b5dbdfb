import { Button, FileButton, Stack } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';

interface AvatarUploadProps {
  /** The current picture, shown above the button. */
  avatar: ReactNode;
  label: string;
  /** The button's text while the upload runs. */
  uploadingLabel: string;
  isUploading: boolean;
  /** Also blocks the button while something else runs (a save, a delete). */
  disabled?: boolean;
  onUpload: (file: File) => void;
}

/** A picture with a button that picks an image file and hands it to `onUpload`. */
export function AvatarUpload(props: AvatarUploadProps) {
  const { avatar, label, uploadingLabel, isUploading, disabled = false, onUpload } = props;
  const resetFileInput = useRef<() => void>(null);
  const isBlocked = isUploading || disabled;

  const uploadFile = (file: File | null) => {
    if (!file) return;
    // Cleared at once so that choosing the same file again still triggers an upload.
    resetFileInput.current?.();
    onUpload(file);
  };

  return (
    <Stack align="center" gap="sm">
      {avatar}
      <FileButton onChange={uploadFile} accept="image/*" resetRef={resetFileInput} disabled={isBlocked}>
        {(props) => (
          <Button {...props} variant="light" size="xs" leftSection={<IconCamera size={16} />} disabled={isBlocked}>
            {isUploading ? uploadingLabel : label}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
