import { messages, type Appointment } from '@consultorio/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarX } from '@tabler/icons-react';
import { toast } from '../../../lib/toasts';
import { useDecideBooking } from '../api/decide-booking';

/** A booking from the public page awaiting approval: 'Aceitar' schedules it, 'Recusar' cancels it. */
export function BookingDecision({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const decide = useDecideBooking();
  const run = (accept: boolean) =>
    decide.mutate(
      { id: appointment.id, accept },
      {
        onSuccess: () => {
          toast.success(accept ? messages.booking.accepted : messages.booking.declined);
          onDone();
        },
      },
    );
  return (
    <Alert color="yellow" variant="light">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {messages.booking.requestedStatus}
        </Text>
        <Group>
          <Button size="xs" leftSection={<IconCalendarCheck size={16} />} loading={decide.isPending && decide.variables.accept} disabled={decide.isPending} onClick={() => run(true)}>
            {messages.booking.accept}
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconCalendarX size={16} />} loading={decide.isPending && !decide.variables.accept} disabled={decide.isPending} onClick={() => run(false)}>
            {messages.booking.decline}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
