import { messages, type AccountSession } from '@consultorio/shared';
import { Badge, Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';

/** Secondary text dark enough on white (gray.7, about 8:1); Mantine's 'dimmed' is under 4.5:1. */
const SECONDARY_TEXT = 'gray.7';

/** The room of a row's badge or button, on screens wide enough to show the details side by side. */
const ACTION_WIDTH_PX = 120;

/** This browser's session first, the others as the API orders them (most recently used first). */
function currentFirst(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
}

/**
 * 'Sessões ativas' in 'Minha conta': where the account is signed in, each other session with
 * 'Encerrar', and 'Encerrar todas as outras'. The toasts are the API's messages.
 */
export function SessionsSection() {
  // A failed list is the usual error toast; the section then shows no list.
  const { data: sessions, isPending } = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const isEnding = endSession.isPending || endOthers.isPending;
  const hasOthers = sessions?.some((session) => !session.current) ?? false;

  return (
    <Stack>
      <Stack gap={4}>
        <Title order={3}>{messages.account.sessionsSection}</Title>
        <Text size="sm" c={SECONDARY_TEXT}>
          {messages.account.sessionsIntro}
        </Text>
      </Stack>
      {isPending && (
        <Center role="status" aria-label={messages.app.loading} py="md">
          <Loader size="sm" />
        </Center>
      )}
      {sessions && (
        <>
          <Stack component="ul" aria-label={messages.account.sessionsSection} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {currentFirst(sessions).map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                isEnding={endSession.isPending && endSession.variables === session.id}
                disabled={isEnding}
                onEnd={() => endSession.mutate(session.id)}
              />
            ))}
          </Stack>
          {!hasOthers && (
            <Text size="sm" c={SECONDARY_TEXT}>
              {messages.account.sessionsEmpty}
            </Text>
          )}
        </>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} />}
          disabled={!hasOthers || isEnding}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {messages.account.endOtherSessions}
        </Button>
      </Group>
    </Stack>
  );
}

interface SessionItemProps {
  session: AccountSession;
  isEnding: boolean;
  disabled: boolean;
  onEnd: () => void;
}

/** One session: its device, address and last use; 'Esta sessão' for this one, 'Encerrar' for the others. */
function SessionItem({ session, isEnding, disabled, onEnd }: SessionItemProps) {
  const { device } = session;
  return (
    <Paper component="li" p="sm" aria-current={session.current || undefined}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0} style={{ flex: '1 1 16rem' }}>
          <IconDeviceDesktop size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing={4} m={0} miw={0} style={{ flex: 1 }}>
            <SessionDetail label={messages.account.sessionDevice}>{device}</SessionDetail>
            <SessionDetail label={messages.account.sessionAddress}>{session.ip ?? messages.account.unknownAddress}</SessionDetail>
            <SessionDetail label={messages.account.sessionLastUse}>{formatDateTime(session.lastUsedAt)}</SessionDetail>
          </SimpleGrid>
        </Group>
        {/* The same width on every row, so that the columns line up. */}
        <Group justify="flex-end" miw={{ sm: ACTION_WIDTH_PX }}>
          {session.current ? (
            <Badge color="teal.9" tt="none" size="lg">
              {messages.account.thisSession}
            </Badge>
          ) : (
            <Button
              variant="default"
              size="xs"
              aria-label={messages.account.endSessionLabel(device)}
              loading={isEnding}
              disabled={disabled}
              onClick={onEnd}
            >
              {messages.account.endSession}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function SessionDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box miw={0}>
      <Text component="dt" size="xs" c={SECONDARY_TEXT}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}
