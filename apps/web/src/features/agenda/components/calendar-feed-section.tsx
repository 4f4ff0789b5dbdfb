import { messages } from '@consultorio/shared';
import { Button, CopyButton, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRenewCalendarFeed } from '../api/renew-calendar-feed';

/**
 * 'Agenda no seu calendário' in 'Minha conta': the private address to subscribe to, a copy
 * button, and a new address (the old one stops working) with the choice of full names or initials.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const [isRenewing, setIsRenewing] = useState(false);
  const [fullNames, setFullNames] = useState(false);

  const startRenewing = () => {
    setFullNames(feed.data?.fullNames ?? false);
    setIsRenewing(true);
  };

  return (
    <Stack>
      <Title order={3}>{messages.agenda.feedTitle}</Title>
      <Text size="sm" c="dimmed">
        {messages.agenda.feedText}
      </Text>
      {!feed.data ? (
        feed.isPending && <Loader size="sm" aria-label={messages.app.loading} />
      ) : (
        <>
          {/* On a phone the button goes below the address, which keeps the whole width. */}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={messages.agenda.feedUrl}
              value={feed.data.url}
              readOnly
              style={{ flex: '1 1 240px', minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  style={{ flexShrink: 0 }}
                >
                  {copied ? messages.agenda.feedCopied : messages.agenda.feedCopy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{feed.data.fullNames ? messages.agenda.feedShowsFullNames : messages.agenda.feedShowsInitials}</Text>
          {isRenewing ? (
            <Stack gap="sm">
              <Text size="sm">{messages.agenda.feedRenewText}</Text>
              <Switch
                label={messages.agenda.feedFullNames}
                description={messages.agenda.feedFullNamesNote}
                checked={fullNames}
                onChange={(event) => setFullNames(event.currentTarget.checked)}
                disabled={renew.isPending}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setIsRenewing(false)} disabled={renew.isPending}>
                  {messages.agenda.keepAppointment}
                </Button>
                <Button
                  color="red"
                  leftSection={<IconRefresh size={16} />}
                  loading={renew.isPending}
                  onClick={() => renew.mutate({ fullNames }, { onSuccess: () => setIsRenewing(false) })}
                >
                  {messages.agenda.feedRenew}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group>
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={startRenewing}>
                {messages.agenda.feedRenew}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
