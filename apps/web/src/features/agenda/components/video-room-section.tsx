import { messages } from '@consultorio/shared';
import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatTime } from '../../../lib/zoned-format';
import { useVideoRoom } from '../api/get-video-room';

/** An online appointment's video room in its dialog: 'Abrir sala', the patient's link to copy, when it is open. */
export function VideoRoomSection({ appointmentId, timeZone }: { appointmentId: string; timeZone: string }) {
  const { data: room } = useVideoRoom(appointmentId);
  if (!room) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {messages.video.roomSection}
      </Text>
      <Text size="sm" c="dimmed">
        {messages.video.roomHours(formatTime(room.opensAt, timeZone), formatTime(room.closesAt, timeZone))}
      </Text>
      <Group gap="xs">
        <Button size="xs" leftSection={<IconVideo size={16} aria-hidden />} component={Link} to={paths.videoRoom(appointmentId)} target="_blank">
          {messages.video.openRoom}
        </Button>
        <CopyButton value={room.patientUrl}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? messages.video.linkCopied : messages.video.copyPatientLink}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
