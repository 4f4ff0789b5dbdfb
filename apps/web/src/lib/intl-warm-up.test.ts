import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntlWhenIdle } from './intl-warm-up';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('warmUpIntlWhenIdle', () => {
  it('formats once the main thread is idle, not at once', () => {
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    warmUpIntlWhenIdle();
    expect(idleCallbacks).toHaveLength(1);
    expect(() => idleCallbacks[0]!()).not.toThrow();
  });

  it('waits for a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    warmUpIntlWhenIdle();
    expect(vi.getTimerCount()).toBe(1);
    expect(() => vi.runAllTimers()).not.toThrow();
  });
});
