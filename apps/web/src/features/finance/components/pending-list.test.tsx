import { formatCents, messages, type PendingPatient } from '@consultorio/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PendingList } from './pending-list';

const f = messages.finance;
const DAY = 86_400_000;

function session(id: string, startsAt: Date): PendingPatient['sessions'][number] {
  const upcoming = startsAt.getTime() > Date.now();
  return { id: `6f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0${id}`, startsAt: startsAt.toISOString(), status: 'scheduled', feeCents: 15000, paidCents: 0, balanceCents: 15000, upcoming };
}

function patientWith(sessions: PendingPatient['sessions'], balanceCents: number): PendingPatient {
  return { patientId: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d', patientName: 'Lúcia Ferraz', payerName: 'Lúcia Ferraz', email: null, balanceCents, sessions };
}

/** The text as testing-library reads it: white space (the money's no-break space) as one space. */
function text(value: string): string {
  return value.replace(/\s+/g, ' ');
}

function renderList(patient: PendingPatient) {
  renderWithProviders(<PendingList patients={[patient]} timeZone="America/Sao_Paulo" hasPixKey={false} onPaid={() => undefined} />);
}

describe('PendingList', () => {
  it('shows a session ahead apart from the balance, and leaves it unchosen', () => {
    const held = session('1', new Date(Date.now() - DAY));
    const ahead = session('2', new Date(Date.now() + 7 * DAY));
    renderList(patientWith([held, ahead], 15000));
    expect(screen.getByText(text(`${f.balance}: ${formatCents(15000)}`))).toBeDefined();
    expect(screen.getByText(text(f.upcomingTotal(formatCents(15000))))).toBeDefined();
    expect(screen.getAllByText(`(${f.upcoming})`)).toHaveLength(1);
    expect(screen.getByText(text(f.selectedTotal(1, formatCents(15000))))).toBeDefined();
  });

  it('shows no zero balance when every session is still ahead', () => {
    renderList(patientWith([session('3', new Date(Date.now() + DAY))], 0));
    expect(screen.queryByText(new RegExp(`^${f.balance}:`))).toBeNull();
    expect(screen.getByText(text(f.upcomingTotal(formatCents(15000))))).toBeDefined();
  });
});
