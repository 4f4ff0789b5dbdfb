import { formatCents, messages, type Payment } from '@consultorio/shared';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconMail, IconReceiptOff } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { receiptUrl, reportUrl } from '../api/downloads';
import { useReceiptMailer } from './receipt-mailer';
import { useUpdateReceitaSaude } from '../api/receita-saude';
import { formatDay, formatDocument, formatSessionDay } from './finance-format';

// Loaded when first opened, with the form and the schema it validates with.
const VoidReceiptModal = lazy(async () => ({ default: (await import('./void-receipt-modal')).VoidReceiptModal }));
const MarkIssuedModal = lazy(async () => ({ default: (await import('./mark-issued-modal')).MarkIssuedModal }));

const f = messages.finance;

const rs = messages.tax;

/** The payment's Receita Saúde state, and the button that marks it issued (asking when, and its number) or back to pending. */
function ReceitaSaudeCell({ payment, timeZone }: { payment: Payment; timeZone: string }) {
  const update = useUpdateReceitaSaude();
  const [isMarking, setIsMarking] = useState(false);
  const { status, issuedOn } = payment.receitaSaude;
  if (payment.voidedAt !== null || status === 'not_required') return <Text size="xs" c="dimmed">{rs.statuses.not_required}</Text>;
  const incomplete = status === 'pending' && (!payment.payerDocument || !payment.patientDocument);
  return (
    <Group gap={4} wrap="nowrap">
      {incomplete ? (
        <Badge color="orange" variant="light" aria-label={rs.payment.incompleteLabel(payment.receiptNumber)}>
          {rs.incomplete}
        </Badge>
      ) : (
        <Badge color={status === 'issued' ? 'teal' : 'yellow'} variant="light" title={issuedOn ? rs.payment.issuedOn(formatDay(issuedOn)) : undefined}>
          {rs.statuses[status]}
        </Badge>
      )}
      {status === 'issued' ? (
        <ActionIcon variant="subtle" aria-label={rs.payment.markPendingLabel(payment.receiptNumber)} title={rs.payment.markPending} disabled={update.isPending} onClick={() => update.mutate({ paymentId: payment.id, status: 'pending' })}>
          <IconArrowBackUp size={18} />
        </ActionIcon>
      ) : (
        !incomplete && (
          <ActionIcon variant="subtle" color="teal" aria-label={rs.payment.markIssuedLabel(payment.receiptNumber)} title={rs.payment.markIssued} disabled={update.isPending} onClick={() => setIsMarking(true)}>
            <IconCircleCheck size={18} />
          </ActionIcon>
        )
      )}
      {isMarking && (
        <Suspense fallback={null}>
          <MarkIssuedModal payment={payment} timeZone={timeZone} onClose={() => setIsMarking(false)} />
        </Suspense>
      )}
    </Group>
  );
}

/** A CPF under its person's name, on one line; a missing one said in words (Receita Saúde needs it). */
function CpfLine({ cpf }: { cpf: string | null }) {
  return (
    <Text size="xs" c="dimmed" fs={cpf ? undefined : 'italic'} style={{ whiteSpace: 'nowrap' }}>
      {cpf ? f.cpfLine(formatDocument(cpf)) : f.cpfMissing}
    </Text>
  );
}

function ReceiptRow({ payment, timeZone }: { payment: Payment; timeZone: string }) {
  const mailer = useReceiptMailer(payment);
  const [isVoiding, setIsVoiding] = useState(false);
  const sessions = payment.sessions.map((session) => formatSessionDay(session.startsAt, timeZone)).join(', ');
  const isVoided = payment.voidedAt !== null;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(payment.paidAt)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {payment.receiptNumber}
          {isVoided && (
            <Badge color="red" variant="light">
              {f.voided}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{payment.patientName}</Text>
        <CpfLine cpf={payment.patientDocument} />
        <Text size="xs" c="dimmed">
          {sessions}
        </Text>
        {isVoided && (
          <Text size="xs" c="red.9">
            {f.voidedOn(formatSessionDay(payment.voidedAt!, timeZone), payment.voidReason ?? '')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{payment.payerName}</Text>
        <CpfLine cpf={payment.payerDocument} />
      </Table.Td>
      <Table.Td ta="right" td={isVoided ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatCents(payment.amountCents)}
      </Table.Td>
      <Table.Td>{f.methods[payment.method]}</Table.Td>
      <Table.Td>
        <ReceitaSaudeCell payment={payment} timeZone={timeZone} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon component="a" href={receiptUrl(payment.id)} download variant="subtle" aria-label={f.downloadReceiptLabel(payment.receiptNumber)} title={f.downloadReceipt}>
            <IconDownload size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={f.emailReceiptLabel(payment.receiptNumber)}
            title={f.emailReceipt}
            disabled={isVoided || payment.patientId === null || mailer.isPending}
            onClick={mailer.send}
          >
            <IconMail size={18} />
          </ActionIcon>
          {mailer.dialog}
          {!isVoided && (
            <ActionIcon variant="subtle" color="red" aria-label={f.voidReceiptLabel(payment.receiptNumber)} title={f.voidReceipt} onClick={() => setIsVoiding(true)}>
              <IconReceiptOff size={18} />
            </ActionIcon>
          )}
        </Group>
        {isVoiding && (
          <Suspense fallback={null}>
            <VoidReceiptModal payment={payment} onClose={() => setIsVoiding(false)} />
          </Suspense>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * 'Recibos emitidos' and the monthly report in one table: what carnê-leão and Receita Saúde ask
 * for (date, patient and payer with their CPFs, amount, method, receipt number), each receipt to
 * download or mail, and the month as CSV.
 */
export function ReceiptsTable({ month, payments, timeZone }: { month: string; payments: Payment[]; timeZone: string }) {
  const titleId = useId();
  const total = payments.reduce((sum, payment) => sum + (payment.voidedAt === null ? payment.amountCents : 0), 0);
  return (
    <Paper component="section" aria-labelledby={titleId} p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Title id={titleId} order={3}>
              {f.receiptsTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {f.reportTitle}
            </Text>
          </Stack>
          <Button component="a" href={reportUrl(month)} download variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
            {f.downloadCsv}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {f.reportNote}
        </Text>
        {payments.length === 0 ? (
          <Text c="dimmed">{f.receiptsEmpty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table striped verticalSpacing={4} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{f.date}</Table.Th>
                  <Table.Th>{f.receiptNumber}</Table.Th>
                  <Table.Th>{f.patient}</Table.Th>
                  <Table.Th>{f.payer}</Table.Th>
                  <Table.Th ta="right">{f.fee}</Table.Th>
                  <Table.Th>{f.method}</Table.Th>
                  <Table.Th>{rs.payment.receitaSaude}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((payment) => (
                  <ReceiptRow key={payment.id} payment={payment} timeZone={timeZone} />
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={4}>{f.total}</Table.Th>
                  <Table.Th ta="right">{formatCents(total)}</Table.Th>
                  <Table.Th colSpan={3} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
