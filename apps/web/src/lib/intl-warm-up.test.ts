import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntlSoon } from './intl-warm-up';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Records the arguments each formatter of `name` is built with, and builds it for real. */
function recordFormatters<Name extends 'DateTimeFormat' | 'NumberFormat'>(name: Name): unknown[][] {
  const built: unknown[][] = [];
  const Real = Intl[name] as new (...args: unknown[]) => object;
  vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
    built.push(args);
    return new Real(...args);
  } as never);
  return built;
}

describe('warmUpIntlSoon', () => {
  it('builds a Brazilian date formatter with a time zone and a currency formatter, each in a task of its own', () => {
    vi.useFakeTimers();
    const dateFormats = recordFormatters('DateTimeFormat');
    const numberFormats = recordFormatters('NumberFormat');
    warmUpIntlSoon();
    expect(dateFormats).toEqual([]);
    expect(vi.getTimerCount()).toBe(2);
    vi.runAllTimers();
    expect(dateFormats).toEqual([['pt-BR', expect.objectContaining({ timeZone: 'America/Sao_Paulo' })]]);
    expect(numberFormats).toEqual([['pt-BR', expect.objectContaining({ currency: 'BRL' })]]);
  });
});
