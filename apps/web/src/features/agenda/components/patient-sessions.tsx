import { messages } from '@consultorio/shared';
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/session';
import { formatLongDate, formatTimeRange } from '../../../lib/zoned-format';
import { usePatientSessions } from '../api/list-patient-sessions';
import { SessionNoteAction } from './session-note-action';
import { statusColors } from './status-colors';

const TITLE_ID = 'patient-sessions-title';
/** The most recent sessions shown; the agenda has the rest. */
const SHOWN = 5;

/** 'Sessões' on the patient's records: the latest sessions, each with its note or 'Registrar evolução'. */
export function PatientSessions({ patientId }: { patientId: string }) {
  const { timeZone } = useCurrentUser();
  const sessions = usePatientSessions(patientId);
  const shown = (sessions.data ?? []).slice(0, SHOWN);
  return (
    <Paper p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={3} id={TITLE_ID}>
            {messages.agenda.sessionsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.agenda.sessionsIntro}
          </Text>
        </Stack>
        {sessions.isPending ? (
          <Loader size="sm" aria-label={messages.app.loading} />
        ) : shown.length === 0 ? (
          <Text c="dimmed">{messages.agenda.sessionsEmpty}</Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {shown.map((session) => {
              const colors = statusColors[session.status];
              return (
                <Group component="li" key={session.id} justify="space-between" gap="sm">
                  <Group gap="sm" miw={0}>
                    <Text size="sm">
                      {formatLongDate(session.startsAt, timeZone)} · {formatTimeRange(session.startsAt, session.endsAt, timeZone)}
                    </Text>
                    <Badge
                      radius="sm"
                      tt="none"
                      styles={{ root: { backgroundColor: colors.background, color: colors.text, border: `1px solid ${colors.border}` } }}
                    >
                      {messages.agenda.statuses[session.status]}
                    </Badge>
                  </Group>
                  <SessionNoteAction appointment={session} timeZone={timeZone} />
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
