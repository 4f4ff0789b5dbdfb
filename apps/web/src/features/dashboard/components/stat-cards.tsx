import { messages, type UserStats } from '@consultorio/shared';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconForms, IconNotes, IconRobot, IconUsers, type Icon } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useUserStats } from '../api/get-user-stats';

interface StatItem {
  key: keyof UserStats;
  icon: Icon;
  /** Where the card leads, when there is a page for the whole set. */
  to?: string;
}

const statItems: readonly StatItem[] = [
  { key: 'patients', icon: IconUsers, to: paths.patients },
  { key: 'chats', icon: IconRobot },
  { key: 'forms', icon: IconForms },
  { key: 'records', icon: IconNotes },
];

const linkCardStyle = { textDecoration: 'none', color: 'inherit' } as const;

function StatCard({ item, value, isLoading }: { item: StatItem; value: number | undefined; isLoading: boolean }) {
  const labelId = useId();
  const { icon: StatIcon } = item;
  const content = (
    <Group wrap="nowrap">
      <ThemeIcon size="xl" radius="md" variant="light" aria-hidden>
        <StatIcon size={24} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text id={labelId} size="sm" c="dimmed">
          {messages.dashboard.stats[item.key]}
        </Text>
        {isLoading ? (
          <Skeleton height={30} width={48} mt={4} />
        ) : (
          <Text fz={28} fw={700} lh={1.2}>
            {value === undefined ? messages.common.dash : value.toLocaleString('pt-BR')}
          </Text>
        )}
      </Stack>
    </Group>
  );
  // A link is named by what it shows, the count too (WCAG 2.5.3, label in name).
  return item.to ? (
    <Paper component={Link} to={item.to} p="md" style={linkCardStyle}>
      {content}
    </Paper>
  ) : (
    <Paper component="section" aria-labelledby={labelId} p="md">
      {content}
    </Paper>
  );
}

/** The four counts: Pacientes, Sessões com Assistente, Formulários, Prontuários. */
export function StatCards() {
  const stats = useUserStats();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {statItems.map((item) => (
          <StatCard key={item.key} item={item} value={stats.data?.[item.key]} isLoading={stats.isPending} />
        ))}
      </SimpleGrid>
      {stats.isError && (
        <Text size="sm" c="dimmed" role="status">
          {messages.dashboard.statsUnavailable}
        </Text>
      )}
    </Stack>
  );
}
