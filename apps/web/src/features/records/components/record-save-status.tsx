import { messages } from '@consultorio/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatTime } from '../../../lib/format';
import type { SaveStatus } from './record-saver';

function statusText(status: SaveStatus, timeZone: string): string {
  switch (status.kind) {
    case 'saved':
      return status.at === null ? '' : messages.records.savedAt(formatTime(status.at, timeZone));
    case 'unsaved':
      return messages.records.unsavedStatus;
    case 'saving':
      return messages.common.saving;
    case 'offline':
      return messages.records.offlineStatus;
    case 'conflict':
    case 'finalized':
    case 'failed':
      return messages.records.unsavedStatus;
  }
}

/** The line beside 'Salvar': 'Salvando...', 'Salvo às 14:32', 'Alterações não salvas'. */
export function RecordSaveStatus({ status, timeZone }: { status: SaveStatus; timeZone: string }) {
  return (
    <Text size="sm" c={status.kind === 'offline' ? 'red.9' : 'dimmed'} role="status" aria-live="polite">
      {statusText(status, timeZone)}
    </Text>
  );
}

interface RecordSaveProblemProps {
  status: SaveStatus;
  onReload: () => void;
  onKeepMine: () => void;
}

/** Why the text is not saved when the user must act: another window saved first, finalized, refused. */
export function RecordSaveProblem({ status, onReload, onKeepMine }: RecordSaveProblemProps) {
  if (status.kind === 'conflict') {
    return (
      <Alert color="orange" role="alert" title={messages.errors.recordVersionConflict}>
        <Stack gap="xs">
          <Text size="sm">{messages.records.conflictHint}</Text>
          <Group>
            <Button size="xs" variant="default" onClick={onReload}>
              {messages.records.conflictReload}
            </Button>
            <Button size="xs" onClick={onKeepMine}>
              {messages.records.conflictKeepMine}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (status.kind === 'finalized') {
    return (
      <Alert color="orange" role="alert">
        {messages.errors.recordFinalized}
      </Alert>
    );
  }
  if (status.kind === 'failed') {
    return (
      <Alert color="red" role="alert" title={status.message || undefined}>
        {messages.records.saveFailed}
      </Alert>
    );
  }
  return null;
}
