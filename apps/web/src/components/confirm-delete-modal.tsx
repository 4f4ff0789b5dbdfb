import { messages } from '@consultorio/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDeleteModalProps {
  opened: boolean;
  /** What is about to be deleted, e.g. 'Tem certeza que deseja excluir este paciente? ...'. */
  text: string;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The question asked, when not 'Confirmar exclusão' (e.g. 'Remover anexo?'). */
  title?: string;
  /** The confirm button's text, when not 'Confirmar'. */
  confirmLabel?: string;
}

/** The confirmation step before any delete: 'Confirmar exclusão' with Cancelar and Confirmar. */
export function ConfirmDeleteModal({ opened, text, isDeleting, onConfirm, onClose, ...labels }: ConfirmDeleteModalProps) {
  const { title = messages.confirmDelete.title, confirmLabel = messages.common.confirm } = labels;
  // While the delete runs the modal stays put, so its outcome is seen.
  const close = () => {
    if (!isDeleting) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="md"
      centered
      closeButtonProps={{ 'aria-label': messages.common.close, disabled: isDeleting }}
    >
      <Stack>
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isDeleting} data-autofocus>
            {messages.common.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} disabled={isDeleting}>
            {isDeleting ? messages.common.deleting : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
