import { messages } from '@consultorio/shared';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { dayRangeOf } from '../../../lib/zoned-day';
import { formatTimeRange } from '../../../lib/zoned-format';
import { useAppointments } from '../api/list-appointments';
import { sortForToday } from './appointment-events';
import { SessionNoteAction } from './session-note-action';
import { statusColors } from './status-colors';

const TITLE_ID = 'today-appointments-title';

/** 'Consultas de hoje' on the dashboard: today in the professional's zone, by time, the cancelled ones last, each with its note ('Registrar evolução'). */
export function TodayAppointments() {
  const { timeZone } = useCurrentUser();
  // Today as of the page's opening; a new day needs a new visit, like every list of the app.
  const range = useMemo(() => dayRangeOf(new Date(), timeZone), [timeZone]);
  const appointments = useAppointments(range);
  const today = sortForToday(appointments.data ?? []);

  return (
    <Paper p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} id={TITLE_ID}>
            {messages.agenda.todayTitle}
          </Title>
          <Anchor component={Link} to={paths.agenda} size="sm">
            {messages.agenda.openAgenda}
          </Anchor>
        </Group>
        {appointments.isPending ? (
          <Loader size="sm" aria-label={messages.app.loading} />
        ) : today.length === 0 ? (
          <Text c="dimmed">{messages.agenda.todayEmpty}</Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {today.map((appointment) => {
              const colors = statusColors[appointment.status];
              return (
                <Group component="li" key={appointment.id} justify="space-between" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Text fw={600} ff="monospace" size="sm" style={{ flexShrink: 0 }}>
                      {formatTimeRange(appointment.startsAt, appointment.endsAt, timeZone)}
                    </Text>
                    <Text truncate td={appointment.status === 'cancelled' ? 'line-through' : undefined}>
                      {appointment.patientName}
                    </Text>
                  </Group>
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Badge
                      radius="sm"
                      tt="none"
                      styles={{ root: { backgroundColor: colors.background, color: colors.text, border: `1px solid ${colors.border}` } }}
                    >
                      {messages.agenda.statuses[appointment.status]}
                    </Badge>
                    <SessionNoteAction appointment={appointment} timeZone={timeZone} />
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
