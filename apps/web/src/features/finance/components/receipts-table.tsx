import { formatCents, messages, type Payment } from '@consultorio/shared';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconMail } from '@tabler/icons-react';
import { useId } from 'react';
import { receiptUrl, reportUrl } from '../api/downloads';
import { useEmailReceipt } from '../api/email-receipt';
import { formatDay, formatDocument, formatSessionDay } from './finance-format';

const f = messages.finance;

function ReceiptRow({ payment, timeZone }: { payment: Payment; timeZone: string }) {
  const emailReceipt = useEmailReceipt();
  const sessions = payment.sessions.map((session) => formatSessionDay(session.startsAt, timeZone)).join(', ');
  return (
    <Table.Tr>
      <Table.Td>{formatDay(payment.paidAt)}</Table.Td>
      <Table.Td>{payment.receiptNumber}</Table.Td>
      <Table.Td>
        <Text size="sm">{payment.patientName}</Text>
        <Text size="xs" c="dimmed">
          {sessions}
        </Text>
      </Table.Td>
      <Table.Td>{formatDocument(payment.patientDocument)}</Table.Td>
      <Table.Td>{payment.payerName}</Table.Td>
      <Table.Td>{formatDocument(payment.payerDocument)}</Table.Td>
      <Table.Td ta="right">{formatCents(payment.amountCents)}</Table.Td>
      <Table.Td>{f.methods[payment.method]}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon component="a" href={receiptUrl(payment.id)} download variant="subtle" aria-label={f.downloadReceiptLabel(payment.receiptNumber)} title={f.downloadReceipt}>
            <IconDownload size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={f.emailReceiptLabel(payment.receiptNumber)}
            title={f.emailReceipt}
            disabled={payment.patientId === null || emailReceipt.isPending}
            onClick={() => emailReceipt.mutate(payment.id)}
          >
            <IconMail size={18} />
          </ActionIcon>
        </Group>
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
  const total = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
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
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing={4} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{f.date}</Table.Th>
                  <Table.Th>{f.receiptNumber}</Table.Th>
                  <Table.Th>{f.patient}</Table.Th>
                  <Table.Th>{f.patientDocument}</Table.Th>
                  <Table.Th>{f.payer}</Table.Th>
                  <Table.Th>{f.payerDocument}</Table.Th>
                  <Table.Th ta="right">{f.fee}</Table.Th>
                  <Table.Th>{f.method}</Table.Th>
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
                  <Table.Th colSpan={6}>{f.total}</Table.Th>
                  <Table.Th ta="right">{formatCents(total)}</Table.Th>
                  <Table.Th colSpan={2} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
