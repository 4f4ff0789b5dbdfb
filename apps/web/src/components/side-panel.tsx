import { limits } from '@consultorio/shared';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { GuardedContent, useCloseGuard } from './unsaved-changes';

interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The panel's form holds typed data not yet saved: closing it then asks first. */
  isDirty?: boolean;
  children: ReactNode;
}

/**
 * A panel that slides in from the right, at most 400 px wide (the whole width on phones); it
 * does not close over typed data without asking (see `unsaved-changes.tsx`).
 */
export function SidePanel({ opened, onClose, title, isDirty = false, children }: SidePanelProps) {
  const guard = useCloseGuard(opened, isDirty);
  return (
    <Drawer opened={opened} onClose={() => guard.dismiss(onClose)} title={title} position="right" size={limits.sidePanelMaxWidthPx}>
      <GuardedContent guard={guard}>{children}</GuardedContent>
    </Drawer>
  );
}
