import './list-card.css';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardActions } from './card-actions';

interface ItemCardProps {
  /** The card's accessible name and its title. */
  name: string;
  /** The labels above the name, e.g. badges; nothing when falsy. */
  labels?: ReactNode;
  /** The dimmed lines under the name, e.g. its dates. */
  details: readonly string[];
  openTo: string;
  openLabel: string;
  editLabel: string;
  onEdit: () => void;
}

/** A card of a patient's list (forms, records): labels, name and dates, then 'Abrir' and 'Editar'. */
export function ItemCard({ name, labels, details, openTo, openLabel, editLabel, onEdit }: ItemCardProps) {
  return (
    <Paper component="article" aria-label={name} p="md" h="100%" className="list-card">
      <Stack justify="space-between" h="100%">
        <Stack gap={6} miw={0}>
          {labels && <Group gap="xs">{labels}</Group>}
          <Text fw={600} truncate title={name}>
            {name}
          </Text>
          {details.map((detail, index) => (
            <Text key={index} size="xs" c="dimmed">
              {detail}
            </Text>
          ))}
        </Stack>
        <CardActions openTo={openTo} openLabel={openLabel} editLabel={editLabel} onEdit={onEdit} />
      </Stack>
    </Paper>
  );
}
