import { messages } from '@consultorio/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import type { RecordSaver } from './record-saver';

interface RecordLeaveGuardProps {
  saver: Pick<RecordSaver, 'isDirty' | 'save' | 'discard' | 'hold' | 'release'>;
}

/**
 * Asks before a navigation inside the app leaves unsaved text behind (closing the tab asks
 * through the browser). While it asks, the saver sends nothing by itself.
 */
export function RecordLeaveGuard({ saver }: RecordLeaveGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && saver.isDirty());
  const [isSaving, setSaving] = useState(false);
  const isAsking = blocker.state === 'blocked';
  // A layout effect: held before a timer due at that moment can run.
  useLayoutEffect(() => {
    if (!isAsking) return undefined;
    saver.hold();
    return () => saver.release();
  }, [isAsking, saver]);
  if (!isAsking) return null;

  const saveAndLeave = async () => {
    setSaving(true);
    const saved = await saver.save(false);
    setSaving(false);
    if (saved) blocker.proceed();
    else blocker.reset();
  };
  const leave = () => {
    saver.discard();
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
