import { messages, type AppointmentMessage } from '@consultorio/shared';
import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatShortDateTime } from '../../../lib/zoned-format';
import { useAppointmentMessages } from '../api/list-appointment-messages';

const w = messages.whatsapp;

const HOUR = 3_600_000;

/** How long before the appointment a message went: '20 h', or '40 min' under an hour. */
function leadText(startsAt: string, sentAt: string): string {
  const ms = Date.parse(startsAt) - Date.parse(sentAt);
  return ms >= HOUR ? `${Math.round(ms / HOUR)} h` : `${Math.max(0, Math.round(ms / 60_000))} min`;
}

/** The message's kind; a reminder that went later than its rule says when it really went (before the start it was about). */
function kindOf(message: AppointmentMessage): string {
  if (message.kind !== 'reminder') return w.kind[message.kind];
  const { leadHours, sentAt, startsAt } = message;
  // Sent late when it went more than a quarter of an hour after the rule's time.
  const late = leadHours !== null && sentAt !== null && Date.parse(startsAt) - Date.parse(sentAt) < leadHours * HOUR - 15 * 60_000;
  return late ? w.kind.reminderSentLate(leadHours, leadText(startsAt, sentAt)) : w.kind.reminder(leadHours);
}

/** One message: channel and kind, its status and when it went, the patient's answer to a reminder. */
function MessageLine({ message, timeZone }: { message: AppointmentMessage; timeZone: string }) {
  return (
    <List.Item>
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {w.channel[message.channel]} · {kindOf(message)}
          </Text>
          <Badge size="sm" variant="light" color={message.status === 'failed' ? 'red' : 'gray'}>
            {w.status[message.status]}
          </Badge>
          {message.answer && (
            <Badge size="sm" color={message.answer === 'confirmed' ? 'green' : 'red'}>
              {w.answer[message.answer]}
            </Badge>
          )}
        </Group>
        {message.sentAt && (
          <Text size="xs" c="dimmed">
            {w.sentOn(formatShortDateTime(message.sentAt, timeZone))}
          </Text>
        )}
        {message.fallback && (
          <Text size="xs" c="dimmed">
            {w.fallback}
          </Text>
        )}
        {message.status === 'failed' && message.error && (
          <Text size="xs" c="red.8">
            {message.error}
          </Text>
        )}
      </Stack>
    </List.Item>
  );
}

/** 'Lembretes e avisos enviados': which reminders and notices went out for the appointment, and what the patient answered. */
export function AppointmentMessages({ appointmentId, timeZone }: { appointmentId: string; timeZone: string }) {
  const { data } = useAppointmentMessages(appointmentId);
  if (!data) return null;
  return (
    <Stack gap={4} component="section" aria-label={w.messagesTitle}>
      <Title order={4} size="sm">
        {w.messagesTitle}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {w.messagesEmpty}
        </Text>
      ) : (
        <List spacing={4} listStyleType="none" styles={{ root: { paddingLeft: 0 } }}>
          {data.map((message) => (
            <MessageLine key={message.id} message={message} timeZone={timeZone} />
          ))}
        </List>
      )}
    </Stack>
  );
}
