import { messages, type Form } from '@consultorio/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLatch } from '../../../hooks/use-latch';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/session';

// The dialog (Mantine's Modal) and its form, which validates with zod (26 KB gzip): loaded when first
// opened, not with the form's page (issue 34).
const SendFormModal = lazy(async () => ({ default: (await import('./send-form-modal')).SendFormModal }));

const m = messages.measurement;

/** Until when the link works, when it was mailed and when the patient sent the answers, in the professional's time zone. */
function statusLines(form: Form, timeZone: string | undefined, now: number): string[] {
  const lines: string[] = [];
  if (form.submittedAt) lines.push(m.submittedOn(formatDateTime(form.submittedAt, timeZone)));
  if (form.sentAt) lines.push(m.sentOn(formatDateTime(form.sentAt, timeZone)));
  if (form.publicExpiresAt === null) lines.push(m.linkNoExpiry);
  else if (Date.parse(form.publicExpiresAt) <= now) lines.push(m.linkExpired(formatDateTime(form.publicExpiresAt, timeZone)));
  else lines.push(m.linkValidUntil(formatDateTime(form.publicExpiresAt, timeZone)));
  return lines;
}

/**
 * 'Enviar por e-mail' on the form page: the link's validity and what happened to the form, and a
 * dialog that mails the link to the patient's e-mail or another address. A locked form is not sent.
 */
export function SendFormBox({ form }: { form: Form }) {
  const timeZone = useTimeZone();
  const [opened, setOpened] = useState(false);
  const [now] = useState(() => Date.now());
  // Mounted when first opened and kept, so that it slides out as it closes.
  const isModalMounted = useLatch(opened);
  return (
    <Paper p="md" component="section" aria-label={m.sendByEmail}>
      <Stack gap="xs">
        <Title order={4}>{m.sendByEmail}</Title>
        {statusLines(form, timeZone, now).map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconMailForward size={16} />} disabled={form.isLocked} onClick={() => setOpened(true)}>
            {m.sendByEmail}
          </Button>
        </Group>
      </Stack>
      {isModalMounted && (
        <Suspense fallback={null}>
          <SendFormModal opened={opened} formId={form.id} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
