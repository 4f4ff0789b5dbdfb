import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './progressive-count';

describe('useProgressiveCount', () => {
  it('draws the first items at once and the rest step by step, up to all of them', async () => {
    const counts: number[] = [];
    const { result } = renderHook(() => {
      const count = useProgressiveCount(40, { first: 12, step: 8 });
      counts.push(count);
      return count;
    });
    expect(counts[0]).toBe(12);
    await waitFor(() => expect(result.current).toBe(40));
    expect([...new Set(counts)]).toEqual([12, 20, 28, 36, 40]);
  });

  it('draws the first screenful at once when the list comes after the page', async () => {
    const counts: number[] = [];
    const { result, rerender } = renderHook(
      ({ total }) => {
        const count = useProgressiveCount(total, { first: 12, step: 8 });
        counts.push(count);
        return count;
      },
      { initialProps: { total: 0 } },
    );
    rerender({ total: 30 });
    await waitFor(() => expect(result.current).toBe(30));
    expect([...new Set(counts)]).toEqual([0, 12, 20, 28, 30]);
  });

  it('draws a short list whole, and a list that grows from where it was', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, { first: 12, step: 8 }), { initialProps: { total: 5 } });
    expect(result.current).toBe(5);
    act(() => rerender({ total: 3 }));
    expect(result.current).toBe(3);
    act(() => rerender({ total: 30 }));
    await waitFor(() => expect(result.current).toBe(30));
  });
});
