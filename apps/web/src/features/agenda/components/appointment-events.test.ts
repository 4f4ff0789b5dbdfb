import { describe, expect, it } from 'vitest';
import { appointmentOf } from '../../../test/fixtures';
import { asksScope, eventLabel, scopeOf, sortForToday, toCalendarEvent } from './appointment-events';
import { statusColors } from './status-colors';

const seriesId = '11111111-2222-4333-8444-555555555555';

describe('appointment events', () => {
  it("maps an appointment to the calendar's event: patient (marked once confirmed), times, the status's colours", () => {
    const appointment = appointmentOf({ status: 'confirmed' });
    expect(toCalendarEvent(appointment)).toMatchObject({
      id: appointment.id,
      title: '✓ Maria Souza',
      start: '2026-03-10T17:00:00.000Z',
      end: '2026-03-10T17:50:00.000Z',
      backgroundColor: statusColors.confirmed.background,
      textColor: statusColors.confirmed.text,
      classNames: ['agenda-event-confirmed'],
      editable: true,
      extendedProps: { appointment },
    });
  });

  it('does not let a cancelled appointment be dragged', () => {
    expect(toCalendarEvent(appointmentOf({ status: 'cancelled' })).editable).toBe(false);
  });

  it("names an event by patient, time in the professional's zone and status", () => {
    expect(eventLabel(appointmentOf({ status: 'no_show' }), 'America/Sao_Paulo')).toBe('Maria Souza, 14:00 – 14:50, Faltou');
  });

  it("asks 'Só esta' or 'Esta e as seguintes' only for an appointment of a series", () => {
    expect(asksScope(appointmentOf())).toBe(false);
    expect(asksScope(appointmentOf({ seriesId }))).toBe(true);
    expect(scopeOf(appointmentOf(), 'following')).toBe('this');
    expect(scopeOf(appointmentOf({ seriesId }), 'following')).toBe('following');
    expect(scopeOf(appointmentOf({ seriesId }), undefined)).toBe('this');
  });

  it("orders today's list by start, the cancelled ones last", () => {
    const early = appointmentOf({ id: 'a', startsAt: '2026-03-10T12:00:00.000Z' });
    const cancelled = appointmentOf({ id: 'b', startsAt: '2026-03-10T11:00:00.000Z', status: 'cancelled' });
    const late = appointmentOf({ id: 'c', startsAt: '2026-03-10T18:00:00.000Z' });
    expect(sortForToday([late, cancelled, early]).map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });
});
