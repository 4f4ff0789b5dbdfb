import { messages } from '@consultorio/shared';
import { Divider, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BusyModal } from './busy-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import type { TypedConfirmation } from './confirm-modal';
import { DangerZone } from './danger-zone';

export interface EditItemModalLabels {
  /** The modal's title, e.g. 'Editar Prontuário'. */
  title: string;
  deleteZone: string;
  deleteZoneText: string;
  deleteButton: string;
  deleteConfirmation: string;
}

/** What the modal's form is given: its submit button's text, whether it is disabled, and how to close. */
export interface EditFormProps {
  submitLabel: string;
  disabled: boolean;
  onClose: () => void;
}

interface EditItemModalProps {
  labels: EditItemModalLabels;
  opened: boolean;
  isSaving: boolean;
  isDeleting: boolean;
  onClose: () => void;
  /** Deletes and calls `onDeleted` once it is deleted, or `onFailed` when it was refused (its toast says why). */
  onDelete: (onDeleted: () => void, onFailed: () => void) => void;
  /** What a delete ends with: closing, unless the page must go elsewhere. */
  onDeleted?: () => void;
  /** A text the delete's confirmation asks to type first (e.g. the patient's name for a finalized record). */
  deleteTyped?: TypedConfirmation;
  /** The item's form, above the alert zone; unmounted when closed, so each opening starts from the saved values. */
  children: (form: EditFormProps) => ReactNode;
}

/** An edit modal: the item's form, and the alert zone whose delete asks for confirmation first. */
export function EditItemModal({ labels, opened, isSaving, isDeleting, deleteTyped, children, ...actions }: EditItemModalProps) {
  const { onClose, onDelete, onDeleted = onClose } = actions;
  const [isConfirming, confirmation] = useDisclosure(false);
  const isBusy = isSaving || isDeleting;

  const close = () => {
    if (!isBusy) onClose();
  };

  const confirmDelete = () =>
    onDelete(() => {
      confirmation.close();
      onDeleted();
    }, confirmation.close);

  return (
    <>
      <BusyModal opened={opened} title={labels.title} isBusy={isBusy} onClose={onClose}>
        <Stack>
          {children({ submitLabel: isSaving ? messages.common.saving : messages.common.save, disabled: isBusy, onClose: close })}
          <Divider />
          <DangerZone
            title={labels.deleteZone}
            text={labels.deleteZoneText}
            buttonLabel={labels.deleteButton}
            disabled={isBusy}
            onDelete={confirmation.open}
          />
        </Stack>
      </BusyModal>
      <ConfirmDeleteModal
        opened={isConfirming}
        text={labels.deleteConfirmation}
        isDeleting={isDeleting}
        typed={deleteTyped}
        onConfirm={confirmDelete}
        onClose={confirmation.close}
      />
    </>
  );
}
