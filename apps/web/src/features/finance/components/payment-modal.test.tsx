import { formatCents, messages, type PendingPatient } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PaymentModal } from './payment-modal';

const f = messages.finance;

const patient: PendingPatient = {
  patientId: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
  patientName: 'Lúcia Ferraz',
  payerName: 'Lúcia Ferraz',
  email: null,
  balanceCents: 30000,
  sessions: [
    { id: '4f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d', startsAt: '2025-03-05T13:00:00.000Z', status: 'attended', feeCents: 15000, paidCents: 0, balanceCents: 15000, upcoming: false },
    { id: '5f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d', startsAt: '2025-03-12T13:00:00.000Z', status: 'attended', feeCents: 15000, paidCents: 0, balanceCents: 15000, upcoming: false },
  ],
};

const amountBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: f.amount });

describe('PaymentModal', () => {
  it('starts with the chosen sessions’ balance and refuses more than it without calling the server', async () => {
    const calls = mockApi(() => ({ status: 500 }));
    renderWithProviders(<PaymentModal patient={patient} sessionIds={patient.sessions.map((s) => s.id)} totalCents={30000} timeZone="America/Sao_Paulo" onClose={vi.fn()} onPaid={vi.fn()} />);
    expect(amountBox().value).toBe('R$ 300,00');
    fireEvent.change(amountBox(), { target: { value: 'R$ 300,01' } });
    fireEvent.click(screen.getByRole('button', { name: f.registerPayment }));
    expect(await screen.findByText(messages.errors.amountAboveBalance(formatCents(30000)).replace(/\s/g, ' '))).toBeDefined();
    expect(calls).toHaveLength(0);
  });

  it('registers a partial payment for both sessions and hands the receipt on', async () => {
    const payment = {
      id: '6f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
      receiptNumber: 7,
      patientId: patient.patientId,
      patientName: 'Lúcia Ferraz',
      patientDocument: null,
      payerName: 'Lúcia Ferraz',
      payerDocument: null,
      amountCents: 20000,
      method: 'cash',
      paidAt: '2025-03-20',
      note: null,
      sessions: [],
      createdAt: '2025-03-20T12:00:00.000Z',
      voidedAt: null,
      voidReason: null,
      receitaSaude: { status: 'pending', issuedOn: null, number: null },
    };
    const calls = mockApi(() => ({ status: 201, data: { payment }, message: f.paymentRegistered(7) }));
    const onPaid = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<PaymentModal patient={patient} sessionIds={patient.sessions.map((s) => s.id)} totalCents={30000} timeZone="America/Sao_Paulo" onClose={onClose} onPaid={onPaid} />);
    fireEvent.change(amountBox(), { target: { value: 'R$ 200,00' } });
    fireEvent.click(screen.getByRole('button', { name: f.registerPayment }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(payment));
    expect(onClose).toHaveBeenCalled();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v1/users/me/payments' });
    expect(calls[0]!.body).toMatchObject({ patientId: patient.patientId, appointmentIds: patient.sessions.map((s) => s.id), amountCents: 20000, method: 'pix' });
  });
});
