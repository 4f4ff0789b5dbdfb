import { hasExpenseBook, messages, ptBrList, type Payment } from '@consultorio/shared';
import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { loadSessionUser, useCurrentUser } from '../../../lib/session';
import { expensesQueryOptions } from '../api/expenses';
import { financeSummaryQueryOptions, useFinanceSummary } from '../api/get-finance-summary';
import { pendingQueryOptions, usePending } from '../api/list-pending';
import { paymentsQueryOptions, usePayments } from '../api/list-payments';
import { carneLeaoSummaryQueryOptions } from '../api/receita-saude';
import { currentMonth, isMonth, monthLabel } from '../components/finance-format';
import { ExpensesSection } from '../components/expenses-section';
import { MonthPicker } from '../components/month-picker';
import { PendingList } from '../components/pending-list';
import { ReceitaSaudePanel } from '../components/receita-saude-panel';
import { ReceiptsTable } from '../components/receipts-table';
import { SummaryCards } from '../components/summary-cards';

// Loaded when first opened, with the form and the schema it validates with.
const ReceiptIssuedModal = lazy(async () => ({ default: (await import('../components/receipt-issued-modal')).ReceiptIssuedModal }));

const f = messages.finance;

/** The month of the address (?month=YYYY-MM), or this month in the professional's zone. */
function shownMonth(requested: string | null, timeZone: string): string {
  return isMonth(requested) ? requested : currentMonth(timeZone);
}

function thisYear(timeZone: string): number {
  return Number(currentMonth(timeZone).slice(0, 4));
}

function Loading() {
  return (
    <Center py="md" role="status" aria-label={messages.app.loading}>
      <Loader size="sm" />
    </Center>
  );
}

/**
 * 'Financeiro': a month's received and pending totals (by method), the sessions still owed by
 * patient with 'Registrar pagamento' and 'Cobrar por Pix', 'Receita Saúde' (the Carnê-Leão files
 * and what is still to issue), and the receipts issued, which are also the monthly report (CSV). The month is in the address (?month=YYYY-MM).
 */
export function FinancePage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const month = shownMonth(searchParams.get('month'), user.timeZone);
  const summary = useFinanceSummary(month);
  const pending = usePending(month);
  const payments = usePayments(month);
  const [issued, setIssued] = useState<Payment | null>(null);
  const currentYear = thisYear(user.timeZone);
  const missingForReceipts = (['document', 'professionalRegistration', 'city', 'officeAddress'] as const).filter((field) => !user[field]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Title order={2}>{f.title}</Title>
          <Text c="dimmed" aria-live="polite">
            {monthLabel(month)}
          </Text>
        </Stack>
        <MonthPicker month={month} onChange={(next) => setSearchParams({ month: next })} />
      </Group>

      {missingForReceipts.length > 0 && (
        <Alert color="yellow">
          {f.profileIncomplete(ptBrList(missingForReceipts.map((field) => f.profileMissing[field])))}{' '}
          <Anchor component={Link} to={paths.account}>
            {messages.nav.account}
          </Anchor>
        </Alert>
      )}

      <SummaryCards summary={summary.data} />

      <ReceitaSaudePanel month={month} currentYear={currentYear} />

      <Title order={3}>{f.pendingTitle}</Title>
      {pending.isPending ? (
        <Loading />
      ) : (
        <PendingList patients={pending.data ?? []} timeZone={user.timeZone} hasPixKey={user.pixKey !== null} onPaid={setIssued} />
      )}

      {payments.isPending ? <Loading /> : <ReceiptsTable month={month} payments={payments.data ?? []} timeZone={user.timeZone} />}
      <ExpensesSection month={month} currentYear={currentYear} />
      {issued && (
        <Suspense fallback={null}>
          <ReceiptIssuedModal payment={issued} onClose={() => setIssued(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * The shown month's figures, asked for as soon as this module loads (app/page-modules.ts), once
 * the session check (already on its way) has told the professional's zone.
 */
export function prefetchData(_params: Record<string, string>, search: URLSearchParams): void {
  void loadSessionUser(queryClient).then((user) => {
    if (!user) return;
    const month = shownMonth(search.get('month'), user.timeZone);
    void queryClient.prefetchQuery(financeSummaryQueryOptions(month));
    void queryClient.prefetchQuery(carneLeaoSummaryQueryOptions(month));
    void queryClient.prefetchQuery(pendingQueryOptions(month));
    void queryClient.prefetchQuery(paymentsQueryOptions(month));
    if (hasExpenseBook(month, thisYear(user.timeZone))) void queryClient.prefetchQuery(expensesQueryOptions(month));
  });
}
