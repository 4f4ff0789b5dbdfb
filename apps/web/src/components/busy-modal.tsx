import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { GuardedContent, useCloseGuard } from './unsaved-changes';

interface BusyModalProps {
  opened: boolean;
  title: string;
  /** While true the modal stays open: its close button is disabled and Escape or a click outside does nothing. */
  isBusy: boolean;
  /**
   * The modal's own form holds typed data not yet saved (forms inside tell it themselves with
   * `useUnsavedChanges`): closing it then asks first.
   */
  isDirty?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A centred, medium modal that cannot be closed while its work runs, nor over typed data without
 * asking (see `unsaved-changes.tsx`).
 */
export function BusyModal({ opened, title, isBusy, isDirty = false, onClose, children }: BusyModalProps) {
  const guard = useCloseGuard(opened, isDirty);
  const close = () => {
    if (!isBusy) guard.dismiss(onClose);
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="md" centered closeButtonProps={{ disabled: isBusy }}>
      <GuardedContent guard={guard}>{children}</GuardedContent>
    </Modal>
  );
}
