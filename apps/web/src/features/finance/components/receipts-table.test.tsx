import { formatCents, messages, type Payment } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ReceiptsTable } from './receipts-table';

const f = messages.finance;

function receipt(receiptNumber: number, overrides: Partial<Payment> = {}): Payment {
  return {
    id: `6f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0${receiptNumber}`,
    receiptNumber,
    patientId: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
    patientName: 'Lúcia Ferraz',
    patientDocument: null,
    payerName: 'Lúcia Ferraz',
    payerDocument: null,
    amountCents: 15000,
    method: 'pix',
    paidAt: '2025-03-20',
    note: null,
    sessions: [],
    createdAt: '2025-03-20T12:00:00.000Z',
    voidedAt: null,
    voidReason: null,
    receitaSaude: { status: 'pending', issuedOn: null, number: null },
    ...overrides,
  };
}

describe('ReceiptsTable', () => {
  it('marks a cancelled receipt, leaves it out of the total and offers no second cancellation', () => {
    const voided = receipt(1, { voidedAt: '2025-03-21T15:00:00.000Z', voidReason: 'Valor errado' });
    renderWithProviders(<ReceiptsTable month="2025-03" payments={[voided, receipt(2)]} timeZone="America/Sao_Paulo" />);
    expect(screen.getByText(f.voided)).toBeDefined();
    expect(screen.getByText(f.voidedOn('21/03/2025', 'Valor errado'))).toBeDefined();
    expect(screen.queryByRole('button', { name: f.voidReceiptLabel(1) })).toBeNull();
    expect(screen.getByRole('button', { name: f.voidReceiptLabel(2) })).toBeDefined();
    const footer = screen.getByText(f.total).closest('tr')!;
    expect(footer.textContent).toContain(formatCents(15000));
  });

  it('asks for the reason before cancelling, then sends it', async () => {
    const calls = mockApi(() => ({ status: 200, data: { payment: receipt(2, { voidedAt: '2025-03-21T15:00:00.000Z', voidReason: 'Lançado em dobro' }) }, message: f.paymentVoided(2) }));
    renderWithProviders(<ReceiptsTable month="2025-03" payments={[receipt(2)]} timeZone="America/Sao_Paulo" />);
    fireEvent.click(screen.getByRole('button', { name: f.voidReceiptLabel(2) }));
    const dialog = await screen.findByRole('dialog', { name: f.voidTitle(2) });
    fireEvent.click(within(dialog).getByRole('button', { name: f.voidConfirm }));
    expect(await within(dialog).findByText(messages.validation.voidReasonRequired)).toBeDefined();
    expect(calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: f.voidReason }), { target: { value: 'Lançado em dobro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: f.voidConfirm }));
    await waitFor(() => expect(calls[0]).toEqual({ method: 'POST', url: `/v1/payments/${receipt(2).id}/void`, body: { reason: 'Lançado em dobro' } }));
  });

  it('asks when a receipt was issued in Receita Saúde, and its number, before marking it', async () => {
    const complete = receipt(3, { patientDocument: '11144477735', payerDocument: '11144477735' });
    const calls = mockApi(() => ({ status: 200, data: { payment: { ...complete, receitaSaude: { status: 'issued', issuedOn: '2025-03-21', number: 'RS-77' } } }, message: messages.tax.payment.updated }));
    renderWithProviders(<ReceiptsTable month="2025-03" payments={[complete]} timeZone="America/Sao_Paulo" />);
    fireEvent.click(screen.getByRole('button', { name: messages.tax.payment.markIssuedLabel(3) }));
    const dialog = await screen.findByRole('dialog', { name: messages.tax.payment.markIssuedTitle(3) });
    expect(calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: messages.tax.payment.number }), { target: { value: ' RS-77 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.tax.payment.markIssuedConfirm }));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await waitFor(() => expect(calls[0]).toEqual({ method: 'PUT', url: `/v1/payments/${complete.id}/receita-saude`, body: { status: 'issued', issuedOn: today, number: ' RS-77 ' } }));
  });
});
