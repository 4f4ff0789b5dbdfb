import { messages } from '@consultorio/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appointmentOf } from '../../../test/fixtures';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { EditAppointmentModal } from './edit-appointment-modal';

const zone = 'America/Sao_Paulo';

/** The dialog also lists the messages sent for the appointment: answered empty, and left out of the calls. */
const isMessagesCall = (call: ApiCall) => call.method === 'GET' && call.url.endsWith('/messages');
function mockVideoApi(respond: () => { status: number; data?: unknown }) {
  const calls = mockApi((call) => (isMessagesCall(call) ? { status: 200, data: { messages: [] } } : respond()));
  return () => calls.filter((call) => !isMessagesCall(call));
}

describe('the video room in the appointment dialog', () => {
  it("opens an online appointment's room and offers the patient's link, with the hours", async () => {
    const appointment = appointmentOf({ modality: 'online' });
    const videoRoom = {
      professionalUrl: `http://localhost/sala/${appointment.id}`,
      patientUrl: 'http://localhost/sala?token=abc',
      opensAt: '2026-03-10T17:45:00.000Z',
      closesAt: '2026-03-10T19:20:00.000Z',
    };
    const calls = mockVideoApi(() => ({ status: 200, data: { videoRoom } }));
    renderWithProviders(<EditAppointmentModal appointment={appointment} timeZone={zone} officeAddress={null} onClose={() => undefined} />);

    const open = await screen.findByRole('link', { name: messages.video.openRoom });
    expect(open.getAttribute('href')).toBe(`/sala/${appointment.id}`);
    expect(screen.getByRole('button', { name: messages.video.copyPatientLink })).toBeDefined();
    expect(screen.getByText(messages.video.roomHours('14:45', '16:20'))).toBeDefined();
    expect(calls()[0]).toMatchObject({ method: 'GET', url: `/v1/appointments/${appointment.id}/video` });
  });

  it('shows no room for an appointment in person', () => {
    const calls = mockVideoApi(() => ({ status: 500 }));
    renderWithProviders(<EditAppointmentModal appointment={appointmentOf({ modality: 'in_person' })} timeZone={zone} officeAddress={null} onClose={() => undefined} />);
    expect(screen.queryByText(messages.video.roomSection)).toBeNull();
    expect(calls()).toHaveLength(0);
  });
});
