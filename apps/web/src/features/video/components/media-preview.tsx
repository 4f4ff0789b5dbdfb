import { messages } from '@consultorio/shared';
import { Alert, Box, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { LocalMedia } from '../hooks/use-local-media';
import { VideoElement } from './video-element';

interface MediaPreviewProps {
  media: LocalMedia;
  /** Null while the room is not open yet (the devices can be tried meanwhile). */
  onEnter: (() => void) | null;
  isEntering: boolean;
}

/** Before entering: the camera's picture, the choice of camera and microphone, the privacy line and 'Entrar na sala'. */
export function MediaPreview({ media, onEnter, isEntering }: MediaPreviewProps) {
  return (
    <Stack>
      <Title order={3}>{messages.video.previewTitle}</Title>
      <Box maw={480} style={{ aspectRatio: '4 / 3' }}>
        <VideoElement stream={media.stream} label={messages.video.selfVideo} isSelf />
      </Box>
      {media.error && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {media.error}
            <Button size="xs" variant="light" onClick={() => void media.acquire()}>
              {messages.video.tryAgain}
            </Button>
          </Stack>
        </Alert>
      )}
      <Group grow maw={480} align="flex-start">
        <Select
          label={messages.video.camera}
          data={media.cameras}
          value={media.cameraId}
          placeholder={messages.video.noCamera}
          allowDeselect={false}
          onChange={(cameraId) => cameraId && void media.acquire({ cameraId })}
        />
        <Select
          label={messages.video.microphone}
          data={media.microphones}
          value={media.microphoneId}
          placeholder={messages.video.noMicrophone}
          allowDeselect={false}
          onChange={(microphoneId) => microphoneId && void media.acquire({ microphoneId })}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start" maw={560}>
        <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{messages.video.privacy}</Text>
      </Group>
      {onEnter && (
        <Button size="md" w="fit-content" onClick={onEnter} loading={isEntering} disabled={!media.stream}>
          {messages.video.enter}
        </Button>
      )}
    </Stack>
  );
}
