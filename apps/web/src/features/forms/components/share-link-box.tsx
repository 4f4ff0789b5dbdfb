import { limits, messages } from '@consultorio/shared';
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The link the patient opens to fill the form, with a copy button ('Copiado' for 1.2 s). */
export function ShareLinkBox({ link }: { link: string }) {
  return (
    <Paper p="md" component="section" aria-label={messages.forms.shareTitle}>
      <Stack gap="xs">
        <Title order={4}>{messages.forms.shareTitle}</Title>
        <Text size="sm" c="dimmed">
          {messages.forms.shareText}
        </Text>
        <TextInput
          value={link}
          readOnly
          aria-label={messages.forms.shareTitle}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end">
          <CopyButton value={link} timeout={limits.copiedFormLinkMs}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? messages.forms.copied : messages.forms.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
