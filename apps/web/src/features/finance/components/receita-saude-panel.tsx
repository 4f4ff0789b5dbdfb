import { carneLeaoFirstYear, formatCents, formatCpf, messages, type CarneLeaoSummary, type IncompletePayment } from '@consultorio/shared';
import { Button, Checkbox, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconReceiptTax } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useCurrentUser } from '../../../lib/session';
import { useKeptExport } from './carne-leao-export';
import { downloadCarneLeaoExpenses, downloadCarneLeaoFile, useCarneLeaoDownload, useCarneLeaoSummary, useUpdateReceitaSaude } from '../api/receita-saude';
import { formatDay } from './finance-format';

// With its date field (@mantine/dates), loaded only once a file was downloaded.
const MarkIssuedNotice = lazy(async () => ({ default: (await import('./mark-issued-notice')).MarkIssuedNotice }));

const tp = messages.tax.panel;
const tx = messages.tax;

function Figure({ label, value }: { label: string; value: string | undefined }) {
  const labelId = useId();
  return (
    <Paper component="section" aria-labelledby={labelId} withBorder p="sm">
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={24} width={80} mt={4} />
      ) : (
        <Text fz={20} fw={700}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

function Figures({ summary }: { summary: CarneLeaoSummary | undefined }) {
  const money = (cents: number | undefined) => (cents === undefined ? undefined : formatCents(cents));
  const count = (value: number | undefined) => (value === undefined ? undefined : String(value));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
      <Figure label={tp.income} value={money(summary?.incomeCents)} />
      <Figure label={tp.deductible} value={money(summary?.deductibleExpensesCents)} />
      <Figure label={tp.difference} value={money(summary?.differenceCents)} />
      <Figure label={tp.pending} value={count(summary?.pendingCount)} />
      <Figure label={tp.issued} value={count(summary?.issuedCount)} />
      <Figure label={tp.incomplete} value={count(summary?.incompleteCount)} />
    </SimpleGrid>
  );
}

/** One payment left out of the file: the CPFs it lacks, to fill in. */
function IncompleteRow({ payment }: { payment: IncompletePayment }) {
  const update = useUpdateReceitaSaude();
  const [payerDocument, setPayerDocument] = useState('');
  const [patientDocument, setPatientDocument] = useState('');
  const missingPayer = payment.missing.includes('payerDocument');
  const missingPatient = payment.missing.includes('patientDocument');
  const save = () =>
    update.mutate({
      paymentId: payment.id,
      status: 'pending',
      ...(missingPayer ? { payerDocument } : {}),
      ...(missingPatient ? { patientDocument } : {}),
    });
  return (
    <Paper withBorder p="sm" component="li">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {tx.payment.receiptLine(payment.receiptNumber, payment.patientName, formatDay(payment.paidAt), formatCents(payment.amountCents))}
        </Text>
        <Group align="flex-end" wrap="wrap">
          {missingPayer && (
            <TextInput
              label={`${tx.payment.payerDocument} (${payment.payerName})`}
              inputMode="numeric"
              value={payerDocument}
              onChange={(event) => setPayerDocument(event.currentTarget.value)}
              onBlur={() => setPayerDocument((value) => (value.replace(/\D/g, '').length === 11 ? formatCpf(value) : value))}
            />
          )}
          {missingPatient && (
            <TextInput
              label={`${tx.payment.patientDocument} (${payment.patientName})`}
              inputMode="numeric"
              value={patientDocument}
              onChange={(event) => setPatientDocument(event.currentTarget.value)}
              onBlur={() => setPatientDocument((value) => (value.replace(/\D/g, '').length === 11 ? formatCpf(value) : value))}
            />
          )}
          <Button variant="default" onClick={save} loading={update.isPending}>
            {tx.payment.saveDocuments}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * 'Receita Saúde' on 'Financeiro': the month's income from individuals, deductible expenses and
 * their difference, how many receipts are to issue, issued or missing a CPF; the year's
 * Carnê-Leão files to download, then 'Marcar como emitidos'; and the steps in e-CAC.
 */
export function ReceitaSaudePanel({ month, currentYear }: { month: string; currentYear: number }) {
  const titleId = useId();
  const stepsId = useId();
  const summary = useCarneLeaoSummary(month);
  const incomeFile = useCarneLeaoDownload(downloadCarneLeaoFile, ({ year: fileYear }) => messages.tax.file.incomeName(fileYear));
  const expensesFile = useCarneLeaoDownload(downloadCarneLeaoExpenses, ({ year: fileYear }) => messages.tax.file.expensesName(fileYear));
  const [includeIssued, setIncludeIssued] = useState(false);
  const year = Number(month.slice(0, 4));
  const user = useCurrentUser();
  const [exportedAt, setExportedAt] = useKeptExport(user.id, year);
  const covered = year >= carneLeaoFirstYear && year <= currentYear;
  const obliged = summary.data?.obliged ?? true;
  const incomplete = summary.data?.incomplete ?? [];

  return (
    <Paper component="section" aria-labelledby={titleId} p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconReceiptTax size={22} aria-hidden />
          <Title id={titleId} order={3}>
            {tp.title}
          </Title>
        </Group>
        {!obliged && <Text c="dimmed">{tp.notObliged}</Text>}
        <Figures summary={summary.data} />
        {!covered ? (
          <Text size="sm" c="dimmed">
            {tp.yearNotCovered}
          </Text>
        ) : (
          <Stack gap="xs">
            <Group wrap="wrap">
              <Button
                leftSection={<IconDownload size={16} />}
                loading={incomeFile.isPending}
                onClick={() => {
                  // Taken before the request: only payments registered by then are in the file.
                  const requestedAt = new Date().toISOString();
                  incomeFile.mutate({ year, status: includeIssued ? 'all' : 'pending' }, { onSuccess: () => setExportedAt(requestedAt) });
                }}
              >
                {tp.download} ({year})
              </Button>
              <Button variant="default" leftSection={<IconDownload size={16} />} loading={expensesFile.isPending} onClick={() => expensesFile.mutate({ year })}>
                {tp.downloadExpenses} ({year})
              </Button>
            </Group>
            <Checkbox label={tp.downloadAll} checked={includeIssued} onChange={(event) => setIncludeIssued(event.currentTarget.checked)} />
            {exportedAt && obliged && (
              <Suspense fallback={null}>
                <MarkIssuedNotice year={year} exportedAt={exportedAt} timeZone={user.timeZone} onDone={() => setExportedAt(null)} />
              </Suspense>
            )}
          </Stack>
        )}
        {incomplete.length > 0 && (
          <Stack gap="xs">
            <Title order={4}>{tp.incompleteTitle}</Title>
            <Text size="sm" c="dimmed">
              {tp.incompleteHint}
            </Text>
            <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }}>
              {incomplete.map((payment) => (
                <IncompleteRow key={payment.id} payment={payment} />
              ))}
            </Stack>
          </Stack>
        )}
        <Title id={stepsId} order={4}>
          {tp.stepsTitle}
        </Title>
        <List type="ordered" size="sm" aria-labelledby={stepsId}>
          {tp.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
