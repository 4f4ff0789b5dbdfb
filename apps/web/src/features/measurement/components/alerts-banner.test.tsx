import { messages, type SafetyAlert } from '@consultorio/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AlertsBanner } from './alerts-banner';

const mm = messages.measurement;

const alert: SafetyAlert = {
  id: '5e0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c01',
  patientId: '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d',
  patientName: 'Maria Souza',
  formId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  formName: 'PHQ-9 de março',
  kind: 'self_harm',
  message: 'Atenção: resposta positiva no item 9.',
  fieldNumber: 9,
  createdAt: '2025-03-05T17:30:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
};

describe('AlertsBanner', () => {
  it('shows nothing without open alerts', async () => {
    const calls = mockApi(() => ({ status: 200, data: { alerts: [] } }));
    renderWithProviders(<AlertsBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/v1/users/me/alerts?status=open');
    expect(screen.queryByRole('region', { name: mm.alertsLabel })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each open alert in red with links, and “Ciente” acknowledges it', async () => {
    let open = [alert];
    const calls = mockApi((call) => {
      if (call.method === 'POST') {
        open = [];
        return { status: 200, message: mm.acknowledged, data: { alert: { ...alert, acknowledgedAt: '2025-03-05T18:00:00.000Z', acknowledgedBy: 'Dra. Ana Lima' } } };
      }
      return { status: 200, data: { alerts: open } };
    });
    renderWithProviders(<AlertsBanner />);

    const banner = await screen.findByRole('region', { name: mm.alertsLabel });
    const item = within(banner).getByRole('alert');
    expect(item.textContent).toContain('Maria Souza enviou “PHQ-9 de março”');
    expect(item.textContent).toContain('Atenção: resposta positiva no item 9.');
    expect(within(item).getByRole('link', { name: mm.openForm }).getAttribute('href')).toBe(`/patients/${alert.patientId}/forms/${alert.formId}`);
    expect(within(item).getByRole('link', { name: mm.openTrends }).getAttribute('href')).toBe(`/patients/${alert.patientId}/measurement`);

    fireEvent.click(within(item).getByRole('button', { name: mm.acknowledge }));
    await waitFor(() => expect(screen.queryByRole('region', { name: mm.alertsLabel })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toEqual({ method: 'POST', url: `/v1/alerts/${alert.id}/acknowledge`, body: undefined });
  });

  it("asks for one patient's alerts on their pages, without the trends link", async () => {
    const calls = mockApi(() => ({ status: 200, data: { alerts: [alert] } }));
    renderWithProviders(<AlertsBanner patientId={alert.patientId} />);
    const banner = await screen.findByRole('region', { name: mm.alertsLabel });
    expect(calls[0]!.url).toBe(`/v1/users/me/alerts?status=open&patientId=${alert.patientId}`);
    expect(within(banner).queryByRole('link', { name: mm.openTrends })).toBeNull();
  });
});
