import { messages } from '@consultorio/shared';
import { Badge, Group, Text } from '@mantine/core';
import { statusColors, statusOrder } from './status-colors';

/** What each colour of the calendar means. */
export function StatusLegend() {
  return (
    <Group gap="xs" role="group" aria-label={messages.agenda.legend}>
      <Text size="sm" c="dimmed">
        {messages.agenda.legend}:
      </Text>
      {statusOrder.map((status) => {
        const colors = statusColors[status];
        return (
          <Badge
            key={status}
            radius="sm"
            variant="filled"
            tt="none"
            styles={{ root: { backgroundColor: colors.background, color: colors.text, border: `1px solid ${colors.border}` } }}
          >
            {messages.agenda.statuses[status]}
          </Badge>
        );
      })}
    </Group>
  );
}
