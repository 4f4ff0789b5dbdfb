import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

interface BackLinkProps {
  to: string;
  /** e.g. 'Voltar para Sessões'. */
  label: string;
}

/** The plain 'Voltar para ...' link above a patient's item, back to its list. */
export function BackLink({ to, label }: BackLinkProps) {
  return (
    <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={18} />} px={0}>
      {label}
    </Button>
  );
}
