import { messages } from '@consultorio/shared';
import { Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../../../lib/session';
import { formatShortDateTime } from '../../../lib/zoned-format';
import { usePatientAgendaSummary } from '../api/get-appointment-summaries';

const NO_BREAK_SPACE = '\u00a0';

/** On the patient's card: the next appointment and how many they attended, missed and cancelled. */
export function PatientAgendaSummary({ patientId }: { patientId: string }) {
  const { timeZone } = useCurrentUser();
  const { data: summary } = usePatientAgendaSummary(patientId);
  // Its two lines' room is kept while it loads, so that the card does not grow under the reader.
  if (!summary) {
    return (
      <Stack gap={0} aria-hidden>
        <Text size="sm">{NO_BREAK_SPACE}</Text>
        <Text size="xs">{NO_BREAK_SPACE}</Text>
      </Stack>
    );
  }
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
