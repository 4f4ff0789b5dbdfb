import { messages, type RoomView } from '@consultorio/shared';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMarkAttended } from '../api/mark-attended';

/** Once the professional and the patient have been in the room together: 'Marcar como realizada', and the patient's records (in a new tab, the call kept). */
export function AfterCall({ appointment }: { appointment: NonNullable<RoomView['appointment']> }) {
  const markAttended = useMarkAttended(appointment.id);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {messages.video.afterCall}
        </Title>
        <Group gap="sm">
          {appointment.status !== 'attended' && (
            <Button variant="light" loading={markAttended.isPending} onClick={() => markAttended.mutate()}>
              {messages.video.markAttended}
            </Button>
          )}
          <Button component={Link} to={paths.patientRecords(appointment.patientId)} variant="light" target="_blank">
            {messages.video.writeRecord}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
