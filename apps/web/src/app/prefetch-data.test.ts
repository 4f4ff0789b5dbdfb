import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchData as prefetchAgenda } from '../features/agenda/pages/agenda-page';
import { prefetchData as prefetchFinance } from '../features/finance/pages/finance-page';
import { prefetchData as prefetchPortal } from '../features/portal/pages/portal-page';
import { queryClient } from '../lib/query-client';
import { userOf } from '../test/fixtures';
import { mockApi, type ApiCall } from '../test/mock-api';
import { prefetchData as prefetchDashboard } from './routes/dashboard-page';

const user = userOf({ timeZone: 'America/Sao_Paulo' });
// Thursday 2026-03-05, 10:00 in São Paulo.
const now = new Date('2026-03-05T13:00:00Z');

function gets(calls: ApiCall[]): string[] {
  return calls.filter((call) => call.method === 'GET').map((call) => call.url);
}

function mockServer(answer: (call: ApiCall) => { status: number; data?: unknown; code?: string } = () => ({ status: 200, data: {} })) {
  return mockApi((call) => (call.url === '/v1/users/me' ? { status: 200, data: { user } } : answer(call)));
}

beforeEach(() => {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  localStorage.setItem('consultorio:signed-in', '1');
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
  localStorage.clear();
});

describe("the page modules' requests for their data (page-modules.ts)", () => {
  it("asks for the dashboard's counts at once and, in the professional's zone, today's appointments and this month's figures", async () => {
    const calls = mockServer();
    prefetchDashboard({}, new URLSearchParams());
    await waitFor(() => expect(gets(calls)).toHaveLength(7));
    expect(gets(calls).sort()).toEqual([
      '/v1/support-contacts',
      '/v1/users/me',
      '/v1/users/me/alerts?status=open',
      `/v1/users/me/appointments?from=${encodeURIComponent('2026-03-05T03:00:00.000Z')}&to=${encodeURIComponent('2026-03-06T03:00:00.000Z')}`,
      '/v1/users/me/finance/carne-leao/summary?month=2026-03',
      '/v1/users/me/finance/summary?month=2026-03',
      '/v1/users/me/stats',
    ]);
  });

  it("asks for the agenda's opening view in the professional's zone: the week on a wide window", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query === '(min-width: 600px)' }) as MediaQueryList);
    const calls = mockServer(() => ({ status: 200, data: { appointments: [] } }));
    prefetchAgenda();
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(gets(calls)[1]).toBe(`/v1/users/me/appointments?from=${encodeURIComponent('2026-03-02T03:00:00.000Z')}&to=${encodeURIComponent('2026-03-09T03:00:00.000Z')}`);
  });

  it("asks for finance's month of the address, or this month in the professional's zone", async () => {
    const calls = mockServer();
    prefetchFinance({}, new URLSearchParams('month=2025-11'));
    await waitFor(() => expect(gets(calls)).toHaveLength(6));
    expect(gets(calls).slice(1).every((url) => url.includes('month=2025-11') || url.includes('month=11'))).toBe(true);
    queryClient.clear();
    calls.length = 0;
    prefetchFinance({}, new URLSearchParams());
    await waitFor(() => expect(gets(calls)).toHaveLength(6));
    expect(gets(calls).slice(1).every((url) => url.includes('month=2026-03') || url.includes('month=03'))).toBe(true);
  });

  it('asks for nothing of the professional without a session', async () => {
    localStorage.clear();
    const calls = mockServer();
    prefetchFinance({}, new URLSearchParams());
    await vi.waitFor(() => expect(queryClient.getQueryState(['session', 'current-user'])?.status).toBe('success'));
    expect(calls).toEqual([]);
  });

  it("asks for the portal's lists after its appointments, or its terms while they wait for acceptance", async () => {
    const calls = mockApi(() => ({ status: 200, data: { appointments: [], forms: [], receipts: [], documents: [], balances: [] } }));
    prefetchPortal({}, new URLSearchParams());
    await waitFor(() => expect(gets(calls)).toHaveLength(5));
    expect(gets(calls)[0]).toBe('/v1/portal/appointments');
    queryClient.clear();
    const refused = mockApi((call) =>
      call.url === '/v1/portal/appointments' ? { status: 403, code: 'PORTAL_CONSENT_REQUIRED' } : { status: 200, data: { consent: { pendingSince: null, professionals: [] } } },
    );
    prefetchPortal({}, new URLSearchParams());
    await waitFor(() => expect(gets(refused)).toEqual(['/v1/portal/appointments', '/v1/portal/consent']));
  });

  it('leaves the portal to sign in first with the mailed token', async () => {
    const calls = mockApi(() => ({ status: 200, data: {} }));
    prefetchPortal({}, new URLSearchParams('token=abc'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
