import { Stack, Text } from '@mantine/core';

/** A fact shown as its name, dimmed, above its value ('Profissional' / 'Dra. Ana Souza'): the patient's pages and the subscription card. */
export function LabeledValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Stack>
  );
}
