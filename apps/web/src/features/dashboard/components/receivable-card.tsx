import { formatCents, messages } from '@consultorio/shared';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useReceivable } from '../api/get-receivable';

const r = messages.dashboard.receivable;

/**
 * 'A receber': what patients owe for sessions already held, leading to the finance page. The link
 * is named by what it shows, the amount too (WCAG 2.5.3, label in name).
 */
export function ReceivableCard({ timeZone }: { timeZone: string }) {
  const receivable = useReceivable(timeZone);
  return (
    <Paper component={Link} to={paths.finance} p="md" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group wrap="nowrap">
        <ThemeIcon size="xl" radius="md" variant="light" color="orange" aria-hidden>
          <IconCash size={24} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {r.title}
          </Text>
          {receivable.isPending ? (
            <Skeleton height={30} width={120} mt={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.2}>
              {receivable.data ? formatCents(receivable.data.receivableCents) : messages.common.dash}
            </Text>
          )}
          {receivable.data && (
            <Text size="xs" c="dimmed">
              {r.text(receivable.data.receivablePatients)}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
