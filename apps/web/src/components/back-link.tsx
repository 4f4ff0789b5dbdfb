import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

interface BackLinkProps {
  to: string;
  /** e.g. 'Voltar para Sessões'. */
  label: string;
}

/** The plain 'Voltar para ...' link above a patient's item, back to its list, on a row of its own. */
export function BackLink({ to, label }: BackLinkProps) {
  return (
    <Group>
      <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={18} />} px={0}>
        {label}
      </Button>
    </Group>
  );
}
