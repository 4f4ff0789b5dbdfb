import { messages } from '@consultorio/shared';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';

interface AppLogoProps {
  size?: 'md' | 'lg' | 'xl';
  withName?: boolean;
}

export function AppLogo({ size = 'lg', withName = true }: AppLogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size} radius="md" variant="filled" aria-hidden>
        <IconStethoscope size="70%" stroke={1.8} />
      </ThemeIcon>
      {withName && (
        <Text fw={700} size={size} c="dark.7">
          {messages.app.name}
        </Text>
      )}
    </Group>
  );
}
