import { limits } from '@consultorio/shared';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/** A panel that slides in from the right, at most 400 px wide (the whole width on phones). */
export function SidePanel({ opened, onClose, title, children }: SidePanelProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={limits.sidePanelMaxWidthPx}
     
    >
      {children}
    </Drawer>
  );
}
