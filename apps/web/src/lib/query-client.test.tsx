import { useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, hasErrorCode } from './api-client';
import { coalescingScheduler, createQueryClient } from './query-client';
import { changes, staleAfter } from './query-keys';
import { toast } from './toasts';

const keys = {
  agendaWeek: ['agenda', 'appointments', '2026-03-02', '2026-03-09'],
  financePending: ['finance', 'pending', '2026-03'],
  patientBalance: ['finance', 'patient', 'p1'],
  dashboardReceivable: ['finance', 'summary', 'current', 'America/Sao_Paulo'],
  stats: ['users', 'me', 'stats'],
};

/** A client holding fresh data under every key, and a mutation run through its cache with `meta`. */
async function afterMutation(meta: Record<string, unknown> | undefined, outcome: 'success' | 'failure') {
  const client = createQueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, 'fresh');
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => (outcome === 'success' ? Promise.resolve({ status: 200, data: null }) : Promise.reject(new Error('refused'))),
    meta,
  });
  await mutation.execute(undefined).catch(() => undefined);
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated])) as Record<keyof typeof keys, boolean>;
}

describe('the refresh after a mutation', () => {
  it("makes an appointment's change stale wherever it shows: the agenda, the finance page, the patient's balance, the dashboard", async () => {
    expect(await afterMutation(changes('appointments'), 'success')).toEqual({
      agendaWeek: true,
      financePending: true,
      patientBalance: true,
      dashboardReceivable: true,
      stats: false,
    });
  });

  it('does so after a refused change too, and after a payment', async () => {
    expect(await afterMutation(changes('appointments'), 'failure')).toMatchObject({ agendaWeek: true, financePending: true });
    expect(await afterMutation(changes('payments'), 'success')).toMatchObject({ agendaWeek: true, patientBalance: true, dashboardReceivable: true });
    expect(staleAfter.payments).toContainEqual(['finance']);
  });

  it('leaves everything alone after a mutation that names no change', async () => {
    expect(Object.values(await afterMutation(undefined, 'success'))).toEqual([false, false, false, false, false]);
    expect(Object.values(await afterMutation({ changes: 'unknown' }, 'success'))).toEqual([false, false, false, false, false]);
  });
});

describe("a query's failure", () => {
  it('is toasted unless the query shows it itself (`meta.errorShownInline`)', async () => {
    const shown = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    try {
      const client = createQueryClient();
      const meta = { errorShownInline: (error: unknown) => hasErrorCode(error, 'PORTAL_CONSENT_REQUIRED') };
      const fail = (key: string, error: ApiError) => client.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error), meta, retry: false }).catch(() => undefined);
      await fail('terms', new ApiError(403, 'Aceite os termos de uso do portal para continuar.', 'PORTAL_CONSENT_REQUIRED'));
      expect(shown).not.toHaveBeenCalled();
      await fail('other', new ApiError(404, 'Não encontrado.', 'NOT_FOUND'));
      expect(shown).toHaveBeenCalledWith('Não encontrado.', { id: 'Não encontrado.' });
    } finally {
      shown.mockRestore();
    }
  });
});

describe('the notifications of the queries', () => {
  it('runs those queued before the first one is due in one task, in order, and the next ones in a task of their own', () => {
    const tasks: (() => void)[] = [];
    const schedule = coalescingScheduler((run) => tasks.push(run));
    const ran: string[] = [];
    schedule(() => ran.push('first'));
    schedule(() => ran.push('second'));
    schedule(() => ran.push('third'));
    expect(tasks).toHaveLength(1);
    tasks[0]!();
    expect(ran).toEqual(['first', 'second', 'third']);
    schedule(() => ran.push('later'));
    expect(tasks).toHaveLength(2);
    tasks[1]!();
    expect(ran).toEqual(['first', 'second', 'third', 'later']);
  });

  it('still runs the others when one throws, and throws its error afterwards', () => {
    vi.useFakeTimers();
    try {
      const tasks: (() => void)[] = [];
      const schedule = coalescingScheduler((run) => tasks.push(run));
      const ran: string[] = [];
      schedule(() => {
        throw new Error('listener failed');
      });
      schedule(() => ran.push('second'));
      tasks[0]!();
      expect(ran).toEqual(['second']);
      expect(() => vi.runAllTimers()).toThrow('listener failed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws the components of queries answered together once', async () => {
    const client = createQueryClient();
    const renders: number[] = [];
    function Summaries() {
      const first = useQuery({ queryKey: ['summary', 1], queryFn: () => Promise.resolve(1) }, client);
      const second = useQuery({ queryKey: ['summary', 2], queryFn: () => Promise.resolve(2) }, client);
      const third = useQuery({ queryKey: ['summary', 3], queryFn: () => Promise.resolve(3) }, client);
      renders.push([first, second, third].filter((query) => query.data !== undefined).length);
      return null;
    }
    render(<Summaries />);
    await waitFor(() => expect(renders.at(-1)).toBe(3));
    expect(renders).toEqual([0, 3]);
  });
});
