import { limits, messages } from '@consultorio/shared';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCountdown } from '../../../hooks/use-countdown';
import { paths } from '../../../lib/paths';
import { useResendRegistrationEmail } from '../api/resend-registration-email';

/** Shown after registering: the mail was sent, it can be sent again every 30 s. */
export function RegistrationSent({ registrationId }: { registrationId: string }) {
  const resend = useResendRegistrationEmail();
  // The first mail has just been sent, so the wait starts at once.
  const countdown = useCountdown({ startAtSeconds: limits.resendRegistrationSeconds });
  const canResend = !countdown.isRunning && !resend.isPending;

  const resendEmail = () =>
    resend.mutate(registrationId, { onSuccess: () => countdown.start(limits.resendRegistrationSeconds) });

  return (
    <Stack align="center" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMail size={30} />
      </ThemeIcon>
      <Title order={2}>{messages.register.successTitle}</Title>
      <Text c="dimmed">{messages.register.successText}</Text>
      <Button variant="subtle" disabled={!canResend} onClick={resendEmail}>
        {countdown.isRunning ? messages.register.resendIn(countdown.secondsLeft) : messages.register.resend}
      </Button>
      <Button component={Link} to={paths.login} fullWidth>
        {messages.register.goToLogin}
      </Button>
    </Stack>
  );
}
