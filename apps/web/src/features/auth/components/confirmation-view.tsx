import { limits, messages } from '@consultorio/shared';
import { Alert, Anchor, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError, type ApiResponse } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

type ConfirmationResult = { isSuccess: boolean; message: string };

interface ConfirmationViewProps {
  title: string;
  /** Shown when the server confirms without a message of its own. */
  successFallback: string;
  confirm: (token: string) => Promise<ApiResponse<unknown>>;
}

/**
 * Reads ?token=, sends it once, shows the server's answer and goes back to / after 10 s.
 * A link without a token is reported without calling the API.
 */
export function ConfirmationView({ title, successFallback, confirm }: ConfirmationViewProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const [answer, setAnswer] = useState<ConfirmationResult | null>(null);
  // StrictMode runs effects twice; a token must still be sent only once.
  const sentTokenRef = useRef<string | null>(null);

  useEffect(() => {
    if (token === null || sentTokenRef.current === token) return;
    sentTokenRef.current = token;
    confirm(token).then(
      (response) => setAnswer({ isSuccess: true, message: response.message ?? successFallback }),
      (error: unknown) =>
        setAnswer({ isSuccess: false, message: error instanceof ApiError ? error.message : messages.requestErrors.generic }),
    );
  }, [token, confirm, successFallback]);

  const result: ConfirmationResult | null =
    token === null ? { isSuccess: false, message: messages.confirmation.invalidLink } : answer;

  return (
    <Paper p="xl" shadow="sm">
      <Stack>
        <Title order={2}>{title}</Title>
        {result === null ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{messages.confirmation.confirming}</Text>
          </Group>
        ) : (
          <>
            <Alert color={result.isSuccess ? 'teal' : 'red'} variant="light">
              {result.message}
            </Alert>
            <RedirectCountdown />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function RedirectCountdown() {
  const navigate = useNavigate();
  const totalSeconds = limits.confirmationRedirectSeconds;
  const { secondsLeft } = useCountdown({
    startAtSeconds: totalSeconds,
    onFinish: () => void navigate(paths.login, { replace: true }),
  });
  // The bar is drawn empty first so that its width transition is visible from the start.
  const [isDrawn, setIsDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  // Each second the bar heads for the end of that second, so it is full when the time is up.
  const elapsedAtEndOfSecond = isDrawn ? Math.min(totalSeconds, totalSeconds - secondsLeft + 1) : 0;

  return (
    <Stack gap="xs">
      <Progress
        value={(elapsedAtEndOfSecond / totalSeconds) * 100}
        transitionDuration={1000}
        aria-label={messages.confirmation.redirecting(secondsLeft)}
      />
      <Text size="sm" c="dimmed">
        {messages.confirmation.redirecting(secondsLeft)}
      </Text>
      <Anchor component={Link} to={paths.login} replace>
        {messages.confirmation.goNow}
      </Anchor>
    </Stack>
  );
}
