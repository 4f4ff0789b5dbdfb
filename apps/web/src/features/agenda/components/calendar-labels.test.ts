import { formatDate } from '@fullcalendar/core';
import { describe, expect, it } from 'vitest';
import { slotLabelText } from './calendar-labels';

describe('slot labels', () => {
  it("write every half hour of a day as FullCalendar's pt-BR 24-hour format does", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
      const hour = Math.floor(minutes / 60);
      const minute = minutes % 60;
      const date = new Date(Date.UTC(2026, 10, 29, hour, minute));
      const expected = formatDate(date, { hour: '2-digit', minute: '2-digit', hour12: false, locale: 'pt-br', timeZone: 'UTC' });
      expect(slotLabelText({ date: { hour, minute } })).toBe(expected);
    }
  });
});
