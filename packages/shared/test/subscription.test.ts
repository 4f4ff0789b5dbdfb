import { describe, expect, it } from 'vitest';
import { formatCents, subscriptionStatus } from '../src/index';

const today = '2025-03-10';
const yesterday = '2025-03-09';
const tomorrow = '2025-03-11';
const cancelled = '2025-03-01T12:00:00.000Z';

const sub = (overrides: Partial<{ isTrial: boolean; cancellationDate: string | null; dueDate: string | null }> = {}) => ({
  isTrial: false,
  cancellationDate: null,
  dueDate: tomorrow,
  ...overrides,
});

describe('subscriptionStatus', () => {
  it('is none without a subscription', () => {
    expect(subscriptionStatus(null, today)).toBe('none');
  });

  it('is trial for a trial, even past due and even cancelled', () => {
    expect(subscriptionStatus(sub({ isTrial: true }), today)).toBe('trial');
    expect(subscriptionStatus(sub({ isTrial: true, dueDate: yesterday }), today)).toBe('trial');
    expect(subscriptionStatus(sub({ isTrial: true, cancellationDate: cancelled }), today)).toBe('trial');
    expect(subscriptionStatus(sub({ isTrial: true, cancellationDate: cancelled, dueDate: yesterday }), today)).toBe('trial');
  });

  it('is cancelled once cancelled, even past due or lifetime', () => {
    expect(subscriptionStatus(sub({ cancellationDate: cancelled }), today)).toBe('cancelled');
    expect(subscriptionStatus(sub({ cancellationDate: cancelled, dueDate: yesterday }), today)).toBe('cancelled');
    expect(subscriptionStatus(sub({ cancellationDate: cancelled, dueDate: null }), today)).toBe('cancelled');
  });

  it('is active through the due date and expired the day after', () => {
    expect(subscriptionStatus(sub({ dueDate: tomorrow }), today)).toBe('active');
    expect(subscriptionStatus(sub({ dueDate: today }), today)).toBe('active');
    expect(subscriptionStatus(sub({ dueDate: yesterday }), today)).toBe('expired');
    expect(subscriptionStatus(sub({ dueDate: '2024-12-31' }), '2025-01-01')).toBe('expired');
    expect(subscriptionStatus(sub({ dueDate: '2025-01-01' }), '2024-12-31')).toBe('active');
  });

  it('is active for a lifetime plan (no due date)', () => {
    expect(subscriptionStatus(sub({ dueDate: null }), today)).toBe('active');
    expect(subscriptionStatus(sub({ dueDate: null }), '2999-12-31')).toBe('active');
  });
});

describe('formatCents', () => {
  const plain = (text: string) => text.replace(/\u00a0/gu, ' ');

  it('shows cents as reais in the Brazilian format', () => {
    expect(formatCents(4990)).toMatch(/^R\$\s49,90$/u);
    expect(plain(formatCents(4990))).toBe('R$ 49,90');
    expect(plain(formatCents(0))).toBe('R$ 0,00');
    expect(plain(formatCents(5))).toBe('R$ 0,05');
    expect(plain(formatCents(99900))).toBe('R$ 999,00');
    expect(plain(formatCents(123456789))).toBe('R$ 1.234.567,89');
  });
});
