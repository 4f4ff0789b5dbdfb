import type { Readable } from 'node:stream';
import { centsToDecimalComma, formatCpf, messages } from '@consultorio/shared';
import { csvStream } from '../../platform/csv';
import type { Context } from '../../platform/context';
import type { SessionUser } from '../sessions/sessions.service';
import { sessionDates } from './session-dates';
import { listPayments } from './finance.payments';

const f = messages.finance;

// ---- the monthly report ----

function brazilianDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The month's payments as a CSV a Brazilian spreadsheet opens as is (`csvStream`): amounts with a
 * decimal comma, dates as dd/mm/aaaa, CPFs as 999.999.999-99 (as text, so their leading zeros stay).
 */
export async function monthlyReport(ctx: Context, owner: SessionUser, month: string): Promise<{ filename: string; stream: Readable }> {
  // A cancelled receipt received nothing: the report's sum is the month's 'Recebido'.
  const payments = (await listPayments(ctx, owner, month)).filter((payment) => payment.voidedAt === null);
  const c = f.csv;
  const rows = payments.map((payment) => ({
    date: brazilianDay(payment.paidAt),
    receipt: payment.receiptNumber,
    patient: payment.patientName,
    patientDocument: payment.patientDocument ? formatCpf(payment.patientDocument) : '',
    payer: payment.payerName,
    payerDocument: payment.payerDocument ? formatCpf(payment.payerDocument) : '',
    amount: centsToDecimalComma(payment.amountCents),
    method: f.methods[payment.method],
    sessions: sessionDates(payment.sessions.map((session) => new Date(session.startsAt)), owner.timeZone),
  }));
  const columns = (['date', 'receipt', 'patient', 'patientDocument', 'payer', 'payerDocument', 'amount', 'method', 'sessions'] as const).map((key) => ({
    key,
    header: c[key],
  }));
  return { filename: c.fileName(month), stream: csvStream(rows, columns) };
}
