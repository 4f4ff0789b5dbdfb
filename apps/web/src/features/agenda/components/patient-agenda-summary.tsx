import { messages } from '@consultorio/shared';
import { Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../../../lib/session';
import { formatShortDateTime } from '../../../lib/zoned-time';
import { usePatientAgendaSummary } from '../api/get-appointment-summaries';

/** On the patient's card: the next appointment and how many they attended, missed and cancelled. */
export function PatientAgendaSummary({ patientId }: { patientId: string }) {
  const { timeZone } = useCurrentUser();
  const { data: summary } = usePatientAgendaSummary(patientId);
  if (!summary) return null;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {summary.nextStartsAt
          ? messages.agenda.nextAppointment(formatShortDateTime(summary.nextStartsAt, timeZone))
          : messages.agenda.noNextAppointment}
      </Text>
      <Text size="xs" c="dimmed">
        {messages.agenda.attendance(summary.attended, summary.noShow, summary.cancelled)}
      </Text>
    </Stack>
  );
}
