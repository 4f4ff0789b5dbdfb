import { confirmsTyped, messages } from '@consultorio/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BusyModal } from './busy-modal';

/** A confirmation that asks the user to type a text first (e.g. the patient's name). */
export interface TypedConfirmation {
  label: string;
  expected: string;
}

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel?: string;
  color?: string;
  isBusy: boolean;
  typed?: TypedConfirmation;
  /** Gets what was typed, for an action the server confirms again (a patient's deletion). */
  onConfirm: (typedText: string) => void;
  onClose: () => void;
}

/** One step before an action that cannot be undone lightly: Cancelar, and the action. */
export function ConfirmModal({ opened, title, text, confirmLabel, busyLabel, color, isBusy, typed, onConfirm, onClose }: ConfirmModalProps) {
  const [typedText, setTypedText] = useState('');
  // While the action runs the modal stays put, so its outcome is seen.
  const close = () => {
    if (isBusy) return;
    setTypedText('');
    onClose();
  };
  const canConfirm = !isBusy && (typed === undefined || confirmsTyped(typedText, typed.expected));
  return (
    <BusyModal opened={opened} onClose={close} title={title} isBusy={isBusy}>
      <Stack>
        <Text>{text}</Text>
        {typed && <TextInput label={typed.label} value={typedText} onChange={(event) => setTypedText(event.currentTarget.value)} autoComplete="off" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isBusy} data-autofocus>
            {messages.common.cancel}
          </Button>
          <Button color={color} onClick={() => onConfirm(typedText)} disabled={!canConfirm}>
            {isBusy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
