import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatDateTimeOrDash } from '../lib/format';

/** What the panel shows of an item: a patient's chat session or record. */
interface DatedItem {
  name: string;
  creationDate: string;
  /** Null until the item first changes. */
  lastUpdateDate: string | null;
}

interface ItemDetailsPanelProps {
  item: DatedItem;
  /** The catalogue's labels of the two dates, e.g. 'Criado em' and 'Última modificação'. */
  labels: { createdAt: string; updatedAt: string };
  /** Above the name, e.g. the session's assistant. */
  header?: ReactNode;
  /** Below the name, e.g. who wrote the record. */
  children?: ReactNode;
  /** Below the dates, e.g. the 'Editar' button. */
  actions?: ReactNode;
}

function DateLine({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** The side panel of an open item, named after it: its name, its dates and what the page adds. */
export function ItemDetailsPanel({ item, labels, header, children, actions }: ItemDetailsPanelProps) {
  return (
    <Paper component="aside" aria-label={item.name} p="md">
      <Stack gap="xs" align="flex-start">
        {header}
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Title>
        {children}
        <DateLine label={labels.createdAt} value={formatDateTime(item.creationDate)} />
        <DateLine label={labels.updatedAt} value={formatDateTimeOrDash(item.lastUpdateDate)} />
        {actions}
      </Stack>
    </Paper>
  );
}
