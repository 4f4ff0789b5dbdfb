import { messages, type ChangeScope } from '@consultorio/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { BusyModal } from '../../../components/busy-modal';

interface ScopeChoiceProps {
  disabled?: boolean;
  onChoose: (scope: ChangeScope) => void;
  onBack: () => void;
}

/** 'Só esta' or 'Esta e as seguintes': which appointments of a series a change applies to. */
export function ScopeChoice({ disabled = false, onChoose, onBack }: ScopeChoiceProps) {
  return (
    <Stack>
      <Text>{messages.agenda.scopeText}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={disabled}>
          {messages.agenda.keepAppointment}
        </Button>
        <Button variant="light" onClick={() => onChoose('following')} disabled={disabled}>
          {messages.agenda.scopeFollowing}
        </Button>
        <Button onClick={() => onChoose('this')} disabled={disabled}>
          {messages.agenda.scopeThis}
        </Button>
      </Group>
    </Stack>
  );
}

interface ScopeModalProps {
  opened: boolean;
  onChoose: (scope: ChangeScope) => void;
  onClose: () => void;
}

/** The question on its own, for a change made without the appointment's modal (a drag). */
export function ScopeModal({ opened, onChoose, onClose }: ScopeModalProps) {
  return (
    <BusyModal opened={opened} title={messages.agenda.scopeTitle} isBusy={false} onClose={onClose}>
      <ScopeChoice onChoose={onChoose} onBack={onClose} />
    </BusyModal>
  );
}
