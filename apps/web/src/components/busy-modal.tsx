import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface BusyModalProps {
  opened: boolean;
  title: string;
  /** While true the modal stays open: its close button is disabled and Escape or a click outside does nothing. */
  isBusy: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A centred, medium modal that cannot be closed while its work runs. */
export function BusyModal({ opened, title, isBusy, onClose, children }: BusyModalProps) {
  const close = () => {
    if (!isBusy) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="md"
      centered
      closeButtonProps={{ disabled: isBusy }}
    >
      {children}
    </Modal>
  );
}
