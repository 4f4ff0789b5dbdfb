import { appointmentStatuses } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import { contrastRatio, statusColors, statusOrder } from './status-colors';

describe('status colours', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(appointmentStatuses)('%s: its text meets WCAG AA (4.5:1) on its background', (status) => {
    const { text, background } = statusColors[status];
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('lists every status once in the legend', () => {
    expect([...statusOrder].sort()).toEqual([...appointmentStatuses].sort());
  });
});
