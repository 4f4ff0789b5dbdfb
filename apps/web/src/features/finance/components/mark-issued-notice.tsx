import { messages } from '@consultorio/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { useMarkIssued } from '../api/receita-saude';
import { todayIn } from './finance-format';

const tp = messages.tax.panel;
const tx = messages.tax;

/**
 * After a download: 'Marcar como emitidos', on the day the file was imported in e-CAC (today
 * unless changed: the professional may come back to it later), for the payments registered by then.
 */
export function MarkIssuedNotice({ year, exportedAt, timeZone, onDone }: { year: number; exportedAt: string; timeZone: string; onDone: () => void }) {
  const markIssued = useMarkIssued();
  const today = todayIn(timeZone);
  const [issuedOn, setIssuedOn] = useState(today);
  return (
    <Alert color="blue" withCloseButton closeButtonLabel={tp.dismissDownloaded} onClose={onDone}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{tp.downloadedHint}</Text>
        <Group align="flex-end" wrap="wrap">
          <DateField label={tx.payment.issuedOnLabel} required minDate={todayIn(timeZone, new Date(exportedAt))} maxDate={today} value={issuedOn} onChange={(value) => setIssuedOn(value ?? today)} />
          <Button onClick={() => markIssued.mutate({ year, exportedAt, issuedOn }, { onSuccess: onDone })} loading={markIssued.isPending}>
            {tp.markIssued}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

