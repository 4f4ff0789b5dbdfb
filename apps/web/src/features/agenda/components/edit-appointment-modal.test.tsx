import { messages } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appointmentOf } from '../../../test/fixtures';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { EditAppointmentModal } from './edit-appointment-modal';

const a = messages.agenda;
const zone = 'America/Sao_Paulo';
const seriesId = '11111111-2222-4333-8444-555555555555';

/** The modal's API: its messages to the patient (none yet), and the answers to its changes, the only calls returned. */
function mockEdits(respond: (call: ApiCall) => { status: number; data?: unknown; message?: string; code?: string }) {
  const calls = mockApi((call) => (call.method === 'GET' && call.url.endsWith('/messages') ? { status: 200, data: { messages: [] } } : respond(call)));
  return () => calls.filter((call) => !(call.method === 'GET' && call.url.endsWith('/messages')));
}

describe('EditAppointmentModal', () => {
  it("asks 'Só esta' or 'Esta e as seguintes' for a series and sends only what changed with the scope", async () => {
    const appointment = appointmentOf({ seriesId });
    const calls = mockEdits(() => ({ status: 200, data: { appointment }, message: a.updated }));
    const onClose = vi.fn();
    renderWithProviders(<EditAppointmentModal appointment={appointment} timeZone={zone} officeAddress={null} onClose={onClose} />);

    expect(screen.getByText(a.partOfSeries)).toBeDefined();
    fireEvent.change(screen.getByRole('textbox', { name: a.time }), { target: { value: '15:30' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    fireEvent.click(await screen.findByRole('button', { name: a.scopeFollowing }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()[0]).toEqual({
      method: 'PUT',
      url: `/v1/appointments/${appointment.id}`,
      body: { startsAt: '2026-03-10T18:30:00.000Z', scope: 'following' },
    });
  });

  it('cancels a single appointment with its reason, without asking for a scope', async () => {
    const appointment = appointmentOf();
    const calls = mockEdits(() => ({ status: 200, data: { appointment: { ...appointment, status: 'cancelled' } }, message: a.updated }));
    const onClose = vi.fn();
    renderWithProviders(<EditAppointmentModal appointment={appointment} timeZone={zone} officeAddress={null} onClose={onClose} />);

    fireEvent.click(screen.getByRole('button', { name: a.cancelAppointment }));
    fireEvent.change(screen.getByRole('textbox', { name: a.cancelReason }), { target: { value: ' Viagem ' } });
    fireEvent.click(screen.getByRole('button', { name: a.confirmCancel }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()[0]?.body).toEqual({ status: 'cancelled', cancellationReason: 'Viagem', scope: 'this' });
  });

  it('shows the overlap and saves anyway when asked', async () => {
    const appointment = appointmentOf();
    let answered = 0;
    const calls = mockEdits(() => (answered++ === 0 ? { status: 409, code: 'APPOINTMENT_OVERLAP', message: messages.errors.appointmentOverlap } : { status: 200, data: { appointment } }));
    const onClose = vi.fn();
    renderWithProviders(<EditAppointmentModal appointment={appointment} timeZone={zone} officeAddress={null} onClose={onClose} />);

    fireEvent.change(screen.getByRole('textbox', { name: a.time }), { target: { value: '16:00' } });
    fireEvent.click(screen.getByRole('button', { name: messages.common.save }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.errors.appointmentOverlap);
    fireEvent.click(screen.getByRole('button', { name: a.saveAnyway }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls()[1]?.body).toEqual({ startsAt: '2026-03-10T19:00:00.000Z', scope: 'this', allowOverlap: true });
  });
});
