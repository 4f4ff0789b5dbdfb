import { messages } from '@consultorio/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useBlocker } from 'react-router';

interface RecordLeaveGuardProps {
  isDirty: () => boolean;
  /** Saves now; resolves true once the server has the text. */
  save: () => Promise<boolean>;
  discard: () => void;
}

/** Asks before a navigation inside the app leaves unsaved text behind (closing the tab asks through the browser). */
export function RecordLeaveGuard({ isDirty, save, discard }: RecordLeaveGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty());
  const [isSaving, setSaving] = useState(false);
  if (blocker.state !== 'blocked') return null;

  const saveAndLeave = async () => {
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved) blocker.proceed();
    else blocker.reset();
  };
  const leave = () => {
    discard();
    blocker.proceed();
  };

  return (
    <Modal opened onClose={() => blocker.reset()} title={messages.records.leaveTitle} centered>
      <Stack>
        <Text>{messages.records.unsavedChanges}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset()} disabled={isSaving} data-autofocus>
            {messages.records.leaveStay}
          </Button>
          <Button variant="default" color="red" onClick={leave} disabled={isSaving}>
            {messages.records.leaveDiscard}
          </Button>
          <Button onClick={() => void saveAndLeave()} disabled={isSaving}>
            {isSaving ? messages.common.saving : messages.records.leaveSave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
