import type { AppointmentSummary } from '@consultorio/shared';
import { describe, expect, it, vi } from 'vitest';
import { createSummaryBatcher } from './get-appointment-summaries';

const summary = (patientId: string, attended = 1): AppointmentSummary => ({ patientId, nextStartsAt: null, attended, noShow: 0, cancelled: 0 });

describe('summary batcher', () => {
  it('asks once for the patients asked for together, 100 at most per call', async () => {
    const fetch = vi.fn((ids: string[]) => Promise.resolve(ids.filter((id) => id !== 'none').map((id) => summary(id))));
    let run: (() => void) | undefined;
    const summaryOf = createSummaryBatcher(fetch, (next) => {
      run = next;
    });
    const ids = Array.from({ length: 150 }, (_, index) => `p${index}`);
    const answers = Promise.all([...ids, 'p1', 'none'].map((id) => summaryOf(id)));
    run?.();
    const summaries = await answers;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]?.[0]).toHaveLength(100);
    expect(fetch.mock.calls[1]?.[0]).toHaveLength(51);
    expect(summaries[1]).toEqual(summary('p1'));
    expect(summaries[150]).toEqual(summary('p1'));
    // A patient the answer does not name has nothing yet.
    expect(summaries[151]).toEqual(summary('none', 0));
  });

  it('passes a failure on to every card that asked', async () => {
    const summaryOf = createSummaryBatcher(() => Promise.reject(new Error('offline')), (next) => next());
    await expect(summaryOf('a')).rejects.toThrow('offline');
  });
});
