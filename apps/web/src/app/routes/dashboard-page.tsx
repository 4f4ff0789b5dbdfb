import { messages } from '@consultorio/shared';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconForms, IconNotes, IconRobot, IconUsers, type Icon } from '@tabler/icons-react';
import { TodayAppointments } from '../../features/agenda/components/today-appointments';
import { ReceitaSaudeReminder } from '../../features/dashboard/components/receita-saude-reminder';
import { ReceivableCard } from '../../features/dashboard/components/receivable-card';
import { StatCards } from '../../features/dashboard/components/stat-cards';
import { AlertsBanner } from '../../features/measurement/components/alerts-banner';
import { SupportCards } from '../../features/dashboard/components/support-cards';
import { useCurrentUser } from '../../lib/session';

const featureItems: readonly { key: keyof typeof messages.dashboard.features; icon: Icon }[] = [
  { key: 'patients', icon: IconUsers },
  { key: 'chats', icon: IconRobot },
  { key: 'forms', icon: IconForms },
  { key: 'records', icon: IconNotes },
];

/** The welcome page: open safety alerts first, today's appointments (agenda feature), the counts, what the app does, and who to write to (the dashboard feature's cards). */
export function DashboardPage() {
  const user = useCurrentUser();
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
