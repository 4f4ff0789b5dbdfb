import { messages } from '@consultorio/shared';
import { Divider, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Resolver } from 'react-hook-form';
import { BusyModal } from './busy-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { DangerZone } from './danger-zone';
import { NameForm, type NameValues } from './name-form';

export interface EditNameModalLabels {
  /** The modal's title, e.g. 'Editar Prontuário'. */
  title: string;
  name: string;
  deleteZone: string;
  deleteZoneText: string;
  deleteButton: string;
  deleteConfirmation: string;
}

interface EditNameModalProps {
  labels: EditNameModalLabels;
  /** The saved name, which each opening starts from. */
  name: string;
  resolver: Resolver<NameValues>;
  opened: boolean;
  isSaving: boolean;
  isDeleting: boolean;
  onClose: () => void;
  /** Saves the name and calls `onSaved` once it is saved. */
  onRename: (name: string, onSaved: () => void) => void;
  /** Deletes and calls `onDeleted` once it is deleted. */
  onDelete: (onDeleted: () => void) => void;
}

/** An edit modal: the name, and the alert zone whose delete asks for confirmation first. */
export function EditNameModal({ labels, name, resolver, opened, isSaving, isDeleting, ...actions }: EditNameModalProps) {
  const { onClose, onRename, onDelete } = actions;
  const [isConfirming, confirmation] = useDisclosure(false);
  const isBusy = isSaving || isDeleting;

  const close = () => {
    if (!isBusy) onClose();
  };

  const confirmDelete = () =>
    onDelete(() => {
      confirmation.close();
      onClose();
    });

  return (
    <>
      <BusyModal opened={opened} title={labels.title} isBusy={isBusy} onClose={onClose}>
        <Stack>
          {/* Unmounted when closed: each opening starts from the saved name. */}
          <NameForm
            label={labels.name}
            defaultName={name}
            resolver={resolver}
            submitLabel={isSaving ? messages.common.saving : messages.common.save}
            disabled={isBusy}
            onClose={close}
            onSubmit={(newName) => onRename(newName, onClose)}
          />
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
        onConfirm={confirmDelete}
        onClose={confirmation.close}
      />
    </>
  );
}
