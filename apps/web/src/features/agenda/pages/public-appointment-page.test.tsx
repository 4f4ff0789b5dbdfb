import { messages, type AppointmentStatus, type PublicAppointment } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { zoneName } from '../../../lib/zoned-format';
import { PublicAppointmentPage } from './public-appointment-page';

const a = messages.agenda;

function shown(status: AppointmentStatus): PublicAppointment {
  return {
    appointment: { startsAt: '2026-03-10T17:00:00.000Z', endsAt: '2026-03-10T17:50:00.000Z', timeZone: 'America/Manaus', modality: 'online', status },
    professional: { title: 'Dra.', firstName: 'Ana', lastName: 'Lima' },
  };
}

function renderPage(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/appointment" element={<PublicAppointmentPage />} />
    </Routes>,
    path,
  );
}

describe('PublicAppointmentPage', () => {
  it('reports a link without a token without calling the API, and an unknown or expired one', async () => {
    const calls = mockApi(() => ({ status: 404, code: 'APPOINTMENT_LINK_INVALID', message: messages.errors.appointmentLinkInvalid }));
    const { unmount } = renderPage('/appointment');
    expect(screen.getByRole('heading', { name: a.publicInvalidTitle })).toBeDefined();
    expect(calls).toEqual([]);
    unmount();
    renderPage('/appointment?token=antigo');
    expect(await screen.findByText(a.publicInvalidText)).toBeDefined();
    expect(calls[0]).toEqual({ method: 'POST', url: '/v1/appointments/public', body: { token: 'antigo' } });
  });

  it('shows who and how, and cancels with the reason when the link was the cancel one', async () => {
    const calls = mockApi((call) =>
      call.url.endsWith('/cancel')
        ? { status: 200, data: shown('cancelled'), message: a.publicCancelled }
        : { status: 200, data: shown('scheduled') },
    );
    renderPage('/appointment?token=abc&action=cancel');
    expect(await screen.findByText('Dra. Ana Lima')).toBeDefined();
    expect(screen.getByText(a.modality.online)).toBeDefined();
    // The professional's zone, not the browser's: 17:00 UTC is 13:00 in Manaus.
    expect(screen.getByText(/13:00/)).toBeDefined();
    expect(screen.getByText(a.publicTimeZone(zoneName('America/Manaus')))).toBeDefined();
    // Opening the link changes nothing: only the reading call went out.
    expect(calls.map((call) => call.url)).toEqual(['/v1/appointments/public']);

    fireEvent.change(screen.getByRole('textbox', { name: a.publicCancelReason }), { target: { value: ' Viagem ' } });
    fireEvent.click(screen.getByRole('button', { name: a.publicConfirmCancel }));
    expect(await screen.findByText(a.publicStates.cancelled)).toBeDefined();
    expect(calls[1]).toEqual({ method: 'POST', url: '/v1/appointments/public/cancel', body: { token: 'abc', reason: 'Viagem' } });
    expect(screen.queryByRole('button', { name: a.publicConfirm })).toBeNull();
    expect(screen.queryByRole('button', { name: a.publicCancel })).toBeNull();
  });

  it('offers only the cancellation once confirmed, and nothing once it has happened', async () => {
    mockApi(() => ({ status: 200, data: shown('confirmed') }));
    const { unmount } = renderPage('/appointment?token=abc');
    expect(await screen.findByText(a.publicStates.confirmed)).toBeDefined();
    expect(screen.queryByRole('button', { name: a.publicConfirm })).toBeNull();
    expect(screen.getByRole('button', { name: a.publicCancel })).toBeDefined();
    unmount();

    mockApi(() => ({ status: 200, data: shown('attended') }));
    renderPage('/appointment?token=abc');
    await waitFor(() => expect(screen.getByText(a.publicStates.attended)).toBeDefined());
    expect(screen.queryByRole('button', { name: a.publicCancel })).toBeNull();
  });
});
