import { messages } from '@consultorio/shared';
import { ConfirmModal, type TypedConfirmation } from './confirm-modal';

interface ConfirmDeleteModalProps {
  opened: boolean;
  /** What is about to be deleted, e.g. 'Tem certeza que deseja excluir este paciente? ...'. */
  text: string;
  isDeleting: boolean;
  /** For what must not go by a slip of the mouse (a finalized record): a text to type first. */
  typed?: TypedConfirmation;
  /** Gets what was typed when `typed` asked for it. */
  onConfirm: (typedText: string) => void;
  onClose: () => void;
  /** The question asked, when not 'Confirmar exclusão' (e.g. 'Remover anexo?'). */
  title?: string;
  /** The confirm button's text, when not 'Confirmar'. */
  confirmLabel?: string;
}

/** The confirmation step before any delete: 'Confirmar exclusão' with Cancelar and Confirmar. */
export function ConfirmDeleteModal({ opened, text, isDeleting, typed, onConfirm, onClose, ...labels }: ConfirmDeleteModalProps) {
  const { title = messages.confirmDelete.title, confirmLabel = messages.common.confirm } = labels;
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      busyLabel={messages.common.deleting}
      color="red"
      isBusy={isDeleting}
      typed={typed}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
