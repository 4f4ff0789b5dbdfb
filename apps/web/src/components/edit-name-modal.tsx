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
}

/** An edit modal whose form is the name alone (forms, records). */
export function EditNameModal({ labels, name, resolver, onRename, ...modal }: EditNameModalProps) {
  return (
    <EditItemModal labels={labels} {...modal}>
      {(form) => (
        <NameForm
          label={labels.name}
          defaultName={name}
          resolver={resolver}
          {...form}
          onSubmit={(newName) => onRename(newName, modal.onClose)}
        />
      )}
    </EditItemModal>
  );
}
