import { messages } from '@consultorio/shared';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconForms, IconNotes, IconRobot, IconUsers, type Icon } from '@tabler/icons-react';
import { useDeferredValue, useMemo } from 'react';
import { PageLoader } from '../../components/page-loader';
import { appointmentsQueryOptions, useAppointments } from '../../features/agenda/api/list-appointments';
import { TodayAppointments } from '../../features/agenda/components/today-appointments';
import { receitaSaudeReminderQueryOptions, useReceitaSaudeReminder } from '../../features/dashboard/api/get-receita-saude-reminder';
import { receivableQueryOptions } from '../../features/dashboard/api/get-receivable';
import { supportContactsQueryOptions } from '../../features/dashboard/api/get-support-contacts';
import { userStatsQueryOptions } from '../../features/dashboard/api/get-user-stats';
import { ReceitaSaudeReminder } from '../../features/dashboard/components/receita-saude-reminder';
import { ReceivableCard } from '../../features/dashboard/components/receivable-card';
import { StatCards } from '../../features/dashboard/components/stat-cards';
import { openAlertsQueryOptions, useOpenAlerts } from '../../features/measurement/api/list-alerts';
import { AlertsBanner } from '../../features/measurement/components/alerts-banner';
import { SupportCards } from '../../features/dashboard/components/support-cards';
import { queryClient } from '../../lib/query-client';
import { loadSessionUser, useCurrentUser } from '../../lib/session';
import { dayRangeOf } from '../../lib/zoned-day';
import type { PrefetchData } from '../page-modules';

const featureItems: readonly { key: keyof typeof messages.dashboard.features; icon: Icon }[] = [
  { key: 'patients', icon: IconUsers },
  { key: 'chats', icon: IconRobot },
  { key: 'forms', icon: IconForms },
  { key: 'records', icon: IconNotes },
];

/**
 * Whether what sits above the fold has answered: the alerts, the Receita Saúde reminder and
 * today's appointments (the same queries their sections read). The page waits for them, so that
 * nothing pushes it down once it is drawn (issue 34: a layout shift of 0.095 before).
 */
function useAboveTheFoldReady(timeZone: string): boolean {
  const alerts = useOpenAlerts();
  const reminder = useReceitaSaudeReminder(timeZone);
  const range = useMemo(() => dayRangeOf(new Date(), timeZone), [timeZone]);
  const today = useAppointments(range);
  return !alerts.isPending && !reminder.isPending && !today.isPending;
}

/** The welcome page: open safety alerts first, today's appointments (agenda feature), the counts, what the app does, and who to write to (the dashboard feature's cards). */
export function DashboardPage() {
  const user = useCurrentUser();
  const isReady = useAboveTheFoldReady(user.timeZone);
  // Drawn in the background (interruptible) once ready, the loader shown meanwhile, instead of in
  // one long task when the last of those answers lands (issue 34).
  const isShown = useDeferredValue(isReady);
  if (!isShown) return <PageLoader />;
  return (
    <Stack gap="xl">
      <AlertsBanner />
      <ReceitaSaudeReminder timeZone={user.timeZone} />
      <Stack gap="xs">
        <Title order={2}>{messages.dashboard.welcome(user.firstName)}</Title>
        <Text c="dimmed">{messages.dashboard.intro(user.gender)}</Text>
      </Stack>

      <TodayAppointments />

      <Stack gap="sm">
        <Title order={3}>{messages.dashboard.statsTitle}</Title>
        <StatCards />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <ReceivableCard timeZone={user.timeZone} />
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Title order={3}>{messages.dashboard.featuresTitle}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {featureItems.map(({ key, icon: FeatureIcon }) => (
            <Paper key={key} p="md">
              <Stack gap="xs">
                <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
                  <FeatureIcon size={20} />
                </ThemeIcon>
                <Title order={4}>{messages.dashboard.features[key].title}</Title>
                <Text size="sm" c="dimmed">
                  {messages.dashboard.features[key].text}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm">
        <Title order={3}>{messages.dashboard.supportTitle}</Title>
        <SupportCards />
      </Stack>
    </Stack>
  );
}

/**
 * Everything the page shows, asked for beside the session check (page-modules.ts); what is in
 * the professional's zone (today, this month) once the check has answered.
 */
export const prefetchData: PrefetchData = () => {
  void queryClient.prefetchQuery(openAlertsQueryOptions());
  void queryClient.prefetchQuery(userStatsQueryOptions);
  void queryClient.prefetchQuery(supportContactsQueryOptions);
  void loadSessionUser(queryClient).then((user) => {
    if (!user) return;
    void queryClient.prefetchQuery(receitaSaudeReminderQueryOptions(user.timeZone));
    void queryClient.prefetchQuery(appointmentsQueryOptions(dayRangeOf(new Date(), user.timeZone)));
    void queryClient.prefetchQuery(receivableQueryOptions(user.timeZone));
  });
};
