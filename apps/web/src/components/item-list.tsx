import { messages } from '@consultorio/shared';
import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { CARD_GRID_COLUMNS, useCardGridSteps, useProgressiveCount } from '../lib/progressive-count';
import { DrawnCard } from './drawn-card';

interface ItemListProps<T extends { id: string }> {
  /** Everything loaded, in the order to show. */
  items: readonly T[];
  isPending: boolean;
  isError: boolean;
  searchPlaceholder: string;
  newLabel: string;
  emptyText: string;
  /** The items that match what was typed; keep it stable (a module function). */
  filter: (items: readonly T[], search: string) => T[];
  renderCard: (item: T) => ReactNode;
  onNew: () => void;
  /** Rendered after the list, e.g. its modals. */
  children?: ReactNode;
}

/** A searchable grid of cards (filtered as one types over the loaded list) with a 'Novo ...' button. */
export function ItemList<T extends { id: string }>(props: ItemListProps<T>) {
  const { items, filter, searchPlaceholder, newLabel, onNew, children } = props;
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filter(items, search), [filter, items, search]);

  return (
    <Stack>
      {/* On a phone the button goes below a search field whose placeholder would be cut beside it. */}
      <Group wrap="wrap" align="flex-start">
        <TextInput
          type="search"
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Button leftSection={<IconPlus size={18} />} onClick={onNew}>
          {newLabel}
        </Button>
      </Group>
      <ItemGrid {...props} shown={shown} />
      {children}
    </Stack>
  );
}

type ItemGridProps<T extends { id: string }> = ItemListProps<T> & { shown: readonly T[] };

function ItemGrid<T extends { id: string }>({ items, shown, isPending, isError, emptyText, renderCard }: ItemGridProps<T>) {
  // A patient seen weekly for years has hundreds of records: drawn a few at a time after the first screenful.
  const drawnCount = useProgressiveCount(shown.length, useCardGridSteps());
  if (isPending) {
    return (
      <Center py="xl" role="status" aria-label={messages.app.loading}>
        <Loader />
      </Center>
    );
  }
  const notice = isError && items.length === 0 ? messages.requestErrors.generic : shown.length === 0 ? emptyText : null;
  if (notice !== null) {
    return (
      <Paper p="lg">
        <Text c="dimmed">{notice}</Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={CARD_GRID_COLUMNS}>
      {shown.slice(0, drawnCount).map((item) => (
        <DrawnCard key={item.id} item={item} renderCard={renderCard as (item: never) => ReactNode} />
      ))}
    </SimpleGrid>
  );
}
