import { messages } from '@consultorio/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** Why the room does not open (a cancelled appointment, an expired or unknown link, another tab), said plainly. */
export function RoomRefused({ message }: { message: string }) {
  return (
    <Paper p="lg" withBorder>
      <Stack gap="xs">
        <Title order={2}>{messages.video.refusedTitle}</Title>
        <Text role="alert">{message}</Text>
      </Stack>
    </Paper>
  );
}
