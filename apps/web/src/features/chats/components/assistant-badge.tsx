import { Badge, type BadgeProps } from '@mantine/core';

/** Light colours that read well on white; each assistant keeps one, so sessions tell them apart at a glance. */
const palette = ['teal', 'blue', 'grape', 'orange', 'cyan', 'pink', 'indigo', 'lime', 'violet', 'yellow'] as const;

/** The same colour for the same assistant, on every card and every visit. */
export function assistantColor(aiAssistantId: string): (typeof palette)[number] {
  let hash = 0;
  for (let index = 0; index < aiAssistantId.length; index += 1) {
    hash = (hash * 31 + aiAssistantId.charCodeAt(index)) >>> 0;
  }
  return palette[hash % palette.length] ?? palette[0];
}

interface AssistantBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  aiAssistantId: string;
  name: string;
}

/** The coloured label with the assistant's name. */
export function AssistantBadge({ aiAssistantId, name, ...props }: AssistantBadgeProps) {
  return (
    <Badge variant="light" tt="none" maw="100%" title={name} color={assistantColor(aiAssistantId)} {...props}>
      {name}
    </Badge>
  );
}
