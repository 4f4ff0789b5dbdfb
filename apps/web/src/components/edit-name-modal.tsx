import { messages } from '@consultorio/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Resolver } from 'react-hook-form';
import type { TypedConfirmation } from './confirm-modal';
import { EditItemModal, type EditItemModalLabels } from './edit-item-modal';
import { NameForm, type NameValues } from './name-form';

export interface EditNameModalLabels extends EditItemModalLabels {
  name: string;
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
  deleteTyped?: TypedConfirmation;
  /** Why the name can no longer change (a finalized record): it is shown read-only, with this text. */
  lockedNote?: string | undefined;
}

/** An edit modal whose form is the name alone (forms, records). */
export function EditNameModal({ labels, name, resolver, onRename, lockedNote, ...modal }: EditNameModalProps) {
  return (
    <EditItemModal labels={labels} {...modal}>
      {(form) =>
        lockedNote === undefined ? (
          <NameForm label={labels.name} defaultName={name} resolver={resolver} {...form} onSubmit={(newName) => onRename(newName, modal.onClose)} />
        ) : (
          <LockedName label={labels.name} name={name} note={lockedNote} disabled={form.disabled} onClose={form.onClose} />
        )
      }
    </EditItemModal>
  );
}

interface LockedNameProps {
  label: string;
  name: string;
  note: string;
  disabled: boolean;
  onClose: () => void;
}

function LockedName({ label, name, note, disabled, onClose }: LockedNameProps) {
  return (
    <Stack>
      <TextInput label={label} value={name} readOnly description={note} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={disabled}>
          {messages.common.close}
        </Button>
      </Group>
    </Stack>
  );
}
