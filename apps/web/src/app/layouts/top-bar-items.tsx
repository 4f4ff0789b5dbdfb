import { ActionIcon, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface TopBarItemProps {
  label: string;
  icon: ReactNode;
  /** Narrow screens show the icon only; the label stays as its accessible name. */
  showsLabel: boolean;
}

interface TopBarLinkProps extends TopBarItemProps {
  to: string;
  isActive: boolean;
}

export function TopBarLink({ label, icon, showsLabel, to, isActive }: TopBarLinkProps) {
  const variant = isActive ? 'light' : 'subtle';
  return showsLabel ? (
    <Button component={Link} to={to} variant={variant} leftSection={icon}>
      {label}
    </Button>
  ) : (
    <ActionIcon component={Link} to={to} variant={variant} size="lg" aria-label={label}>
      {icon}
    </ActionIcon>
  );
}

interface TopBarActionProps extends TopBarItemProps {
  onClick: () => void;
  disabled: boolean;
}

export function TopBarAction({ label, icon, showsLabel, onClick, disabled }: TopBarActionProps) {
  return showsLabel ? (
    <Button variant="default" leftSection={icon} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  ) : (
    <ActionIcon variant="default" size="lg" onClick={onClick} disabled={disabled} aria-label={label}>
      {icon}
    </ActionIcon>
  );
}
