import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, parseBrazilianDate, reaisInputToCents } from './format';

describe('parseBrazilianDate', () => {
  it('reads DD/MM/AAAA and ISO dates', () => {
    expect(parseBrazilianDate('31/12/1990')).toBe('1990-12-31');
    expect(parseBrazilianDate(' 5/3/2001 ')).toBe('2001-03-05');
    expect(parseBrazilianDate('1990-12-31')).toBe('1990-12-31');
  });

  it('rejects dates that do not exist and other text', () => {
    expect(parseBrazilianDate('31/02/2020')).toBeNull();
    expect(parseBrazilianDate('12/31/1990')).toBeNull();
    expect(parseBrazilianDate('ontem')).toBeNull();
  });
});

describe('reaisInputToCents', () => {
  it('reads the numbers and the texts a money input hands over', () => {
    expect(reaisInputToCents(150)).toBe(15000);
    expect(reaisInputToCents('200.00')).toBe(20000);
    expect(reaisInputToCents('21,5')).toBe(2150);
    expect(reaisInputToCents(0.1 + 0.2)).toBe(30);
    expect(reaisInputToCents('')).toBeNull();
    expect(reaisInputToCents('abc')).toBeNull();
  });
});

describe('dates and times in pt-BR', () => {
  const instant = '2026-03-05T13:07:00Z';

  it('formats an instant in the zone asked for, each zone with its own formatter', () => {
    expect(formatDateTime(instant, 'America/Sao_Paulo')).toBe('05/03/2026, 10:07');
    expect(formatDateTime(instant, 'Asia/Tokyo')).toBe('05/03/2026, 22:07');
    expect(formatDate('2026-03-05T02:00:00Z', 'America/Sao_Paulo')).toBe('04/03/2026');
    expect(formatDate('2026-03-05T02:00:00Z', 'UTC')).toBe('05/03/2026');
    expect(formatTime(instant, 'America/Sao_Paulo')).toBe('10:07');
    expect(formatTime(instant, 'Europe/Lisbon')).toBe('13:07');
  });

  it("uses the browser's zone without one, as toLocaleString does", () => {
    expect(formatDateTime(instant)).toBe(new Date(instant).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }));
    expect(formatTime(instant)).toBe(new Date(instant).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }));
  });

  it('gives back a text that is not an instant as it is', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
  });
});
