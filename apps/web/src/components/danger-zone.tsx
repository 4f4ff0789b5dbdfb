import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface DangerZoneProps {
  title: string;
  text: string;
  buttonLabel: string;
  disabled: boolean;
  onDelete: () => void;
}

/** The red box at the bottom of an edit panel or modal whose button starts a deletion. */
export function DangerZone({ title, text, buttonLabel, disabled, onDelete }: DangerZoneProps) {
  return (
    <Paper p="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={4} c="red">
          {title}
        </Title>
        <Text size="sm">{text}</Text>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={disabled}>
          {buttonLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
