import { messages } from '@consultorio/shared';
import { Button, Stack, Text, Title } from '@mantine/core';

const m = messages.app.loadFailure;

/**
 * What stands in for a page that could not be loaded (the connection dropped, or a new version
 * was published while the page was open and its files replaced the old ones) or drawn. Trying
 * again reloads the address, which asks for everything the page needs anew; a record's unsaved
 * text is kept by its drafts (record-drafts.ts).
 */
export function LoadFailure() {
  return (
    <Stack align="center" gap="sm" py="xl" role="alert">
      <Title order={1} size="h2" ta="center">
        {m.title}
      </Title>
      <Text ta="center" maw={440}>
        {m.text}
      </Text>
      <Button onClick={() => window.location.reload()}>{m.retry}</Button>
    </Stack>
  );
}
