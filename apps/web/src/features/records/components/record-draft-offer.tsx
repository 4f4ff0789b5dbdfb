import { messages } from '@consultorio/shared';
import { Alert, Button, Group } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import type { RecordDraft } from './record-drafts';

interface RecordDraftOfferProps {
  draft: RecordDraft;
  timeZone: string;
  onRecover: () => void;
  onDiscard: () => void;
}

/** A text kept in this browser that never reached the server, offered back on opening the record. */
export function RecordDraftOffer({ draft, timeZone, onRecover, onDiscard }: RecordDraftOfferProps) {
  return (
    <Alert color="yellow" role="alert" title={messages.records.draftFound(formatDateTime(draft.keptAt, timeZone))}>
      <Group>
        <Button size="xs" onClick={onRecover}>
          {messages.records.draftRecover}
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {messages.records.draftDiscard}
        </Button>
      </Group>
    </Alert>
  );
}
