import { describe, expect, it } from 'vitest';
import { currentMonth, formatDay, formatDocument, isMonth, monthLabel, shiftMonth, todayIn } from './finance-format';

describe('finance formats', () => {
  it('takes today and the month in the professional’s zone', () => {
    const lateNight = new Date('2025-04-01T02:30:00Z');
    expect(todayIn('America/Sao_Paulo', lateNight)).toBe('2025-03-31');
    expect(currentMonth('America/Sao_Paulo', lateNight)).toBe('2025-03');
    expect(currentMonth('Europe/Lisbon', lateNight)).toBe('2025-04');
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(isMonth('2025-13')).toBe(false);
    expect(isMonth('2025-03')).toBe(true);
    // Only the months the API takes: a link with ?month=0021-03 shows the current month instead.
    expect(['1900-01', '2100-12'].map(isMonth)).toEqual([true, true]);
    expect(['1899-12', '2101-01', '0021-03'].map(isMonth)).toEqual([false, false, false]);
  });

  it('writes months, days and CPFs in Portuguese', () => {
    expect(monthLabel('2025-03')).toBe('março de 2025');
    expect(formatDay('2025-03-05')).toBe('05/03/2025');
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument(null)).toBe('—');
  });
});
