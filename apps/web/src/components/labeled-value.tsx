import { Stack, Text } from '@mantine/core';

/** A fact of a patient's page: its name dimmed above, its value below ('Profissional' / 'Dra. Ana Souza'). */
export function LabeledValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Stack>
  );
}
