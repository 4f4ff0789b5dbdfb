import { messages, type BookedAppointment } from '@consultorio/shared';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LabeledValue } from '../../../components/labeled-value';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatTime, zoneName } from '../../../lib/zoned-format';
import { confirmBooking } from '../api/public-booking';

const b = messages.booking;

type Outcome = { appointment: BookedAppointment } | { error: string };

/**
 * The page of the confirmation mail's link (/confirmar-agendamento?token=…): it confirms the
 * held booking and says when, or why it could not; opened again, it says the booking was made.
 */
export function ConfirmBookingPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once: a second call would find the link already used.
    if (sent.current || token === '') return;
    sent.current = true;
    confirmBooking(token).then(
      (appointment) => setOutcome({ appointment }),
      (error: unknown) => setOutcome({ error: error instanceof ApiError ? error.message : messages.requestErrors.generic }),
    );
  }, [token]);

  const failure = token === '' ? b.errors.linkInvalid : outcome && 'error' in outcome ? outcome.error : null;
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <Stack>
        <Title order={1} size="h2">
          {b.confirmTitle}
        </Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : !outcome || !('appointment' in outcome) ? (
          <PageLoader />
        ) : (
          <Confirmed appointment={outcome.appointment} />
        )}
      </Stack>
    </Paper>
  );
}

function confirmationText(appointment: BookedAppointment, when: string): string {
  if (appointment.status === 'requested') return appointment.alreadyConfirmed ? b.alreadyConfirmedRequested(when) : b.confirmedRequested(when);
  return appointment.alreadyConfirmed ? b.alreadyConfirmedScheduled(when) : b.confirmedScheduled(when);
}

function Confirmed({ appointment }: { appointment: BookedAppointment }) {
  const when = `${formatLongDate(appointment.startsAt, appointment.timeZone)}, ${formatTime(appointment.startsAt, appointment.timeZone)}`;
  return (
    <Stack gap="xs">
      <Alert role="status" color="teal" variant="light" icon={<IconCalendarCheck size={18} />}>
        {confirmationText(appointment, when)}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <LabeledValue label={messages.agenda.publicProfessional} value={appointment.professionalName} />
        <LabeledValue label={messages.agenda.publicModality} value={messages.agenda.modality[appointment.modality]} />
      </SimpleGrid>
      {appointment.location && <LabeledValue label={messages.agenda.location} value={appointment.location} />}
      <Text size="sm" c="dimmed">
        {b.timeZoneNote(zoneName(appointment.timeZone))}
      </Text>
    </Stack>
  );
}

