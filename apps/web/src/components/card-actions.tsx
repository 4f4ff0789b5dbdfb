import { Button, Group } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';

interface CardActionsProps {
  /** The item's own page. */
  openTo: string;
  openLabel: string;
  editLabel: string;
  onEdit: () => void;
}

/** The 'Abrir' link and 'Editar' button at the bottom of an item's card in a patient's list. */
export function CardActions({ openTo, openLabel, editLabel, onEdit }: CardActionsProps) {
  return (
    <Group gap="xs">
      <Button component={Link} to={openTo} size="xs" variant="light" leftSection={<IconExternalLink size={16} />}>
        {openLabel}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
        {editLabel}
      </Button>
    </Group>
  );
}
