import { messages } from '@consultorio/shared';
import { Button, Group } from '@mantine/core';

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
      <Button variant="default" onClick={onClose} disabled={disabled}>
        {messages.common.close}
      </Button>
      <Button type="submit" disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
