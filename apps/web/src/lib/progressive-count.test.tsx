import { MantineProvider } from '@mantine/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardGridSteps, useCardGridSteps, useProgressiveCount } from './progressive-count';

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

describe('card grid steps', () => {
  afterEach(() => vi.restoreAllMocks());
  const matchMedia = window.matchMedia.bind(window);
  const withTheme = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
  const stepsAtWidth = (widthPx: number) => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: widthPx >= Number(/min-width: ([\d.]+)em/.exec(query)?.[1] ?? Infinity) * 16,
    }));
    return renderHook(() => useCardGridSteps(), { wrapper: withTheme }).result.current;
  };

  it("draw four rows of the grid's columns with the page, then eight cards a step, four on a phone", () => {
    expect(cardGridSteps(3)).toEqual({ first: 12, step: 8 });
    expect(cardGridSteps(2)).toEqual({ first: 8, step: 8 });
    expect(cardGridSteps(1)).toEqual({ first: 4, step: 4 });
  });

  it("count the columns from the theme's breakpoints, as the grid does", () => {
    expect(stepsAtWidth(390)).toEqual(cardGridSteps(1));
    expect(stepsAtWidth(800)).toEqual(cardGridSteps(2));
    expect(stepsAtWidth(1280)).toEqual(cardGridSteps(3));
  });
});
