import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down from the start, then stops and calls onFinish once', () => {
    const onFinish = vi.fn();
    const { result } = renderHook(() => useCountdown({ startAtSeconds: 30, onFinish }));
    expect(result.current).toMatchObject({ secondsLeft: 30, isRunning: true });

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.secondsLeft).toBe(29);

    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(result.current).toMatchObject({ secondsLeft: 0, isRunning: false });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('stays idle until started, and restarts from the full time', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ secondsLeft: 0, isRunning: false });

    act(() => {
      result.current.start(30);
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current.secondsLeft).toBe(20);

    act(() => {
      result.current.start(30);
    });
    expect(result.current).toMatchObject({ secondsLeft: 30, isRunning: true });
  });
});
