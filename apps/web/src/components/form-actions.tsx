import { messages } from '@consultorio/shared';
import { Button, Group } from '@mantine/core';
import { useGuardedClose } from './unsaved-changes';

interface CloseButtonProps {
  onClose: () => void;
  disabled?: boolean;
  /** 'Fechar' unless told otherwise ('Cancelar'). */
  label?: string;
}

/** A modal form's 'Fechar' (or 'Cancelar'): it asks first when typed data would be lost. */
export function CloseButton({ onClose, disabled = false, label = messages.common.close }: CloseButtonProps) {
  const close = useGuardedClose(onClose);
  return (
    <Button variant="default" onClick={close} disabled={disabled}>
      {label}
    </Button>
  );
}

interface FormActionsProps {
  /** What the submit button says, e.g. 'Salvar' or 'Salvando...'. */
  submitLabel: string;
  disabled: boolean;
  onClose: () => void;
}

/** The 'Fechar' and submit buttons at the bottom of a modal's form. */
export function FormActions({ submitLabel, disabled, onClose }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <CloseButton onClose={onClose} disabled={disabled} />
      <Button type="submit" disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
