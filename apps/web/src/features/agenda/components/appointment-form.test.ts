import { messages } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import { appointmentOf, patientId } from '../../../test/fixtures';
import { appointmentValues, createFormSchema, editFormSchema, newAppointmentValues, toUpdateRequest } from './appointment-form';

const zone = 'America/Sao_Paulo';
const v = messages.validation;

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('appointment form', () => {
  it('starts at the clicked slot, 50 minutes, in person, not repeated', () => {
    expect(newAppointmentValues('2026-03-10T17:00:00-03:00', zone)).toMatchObject({
      date: '2026-03-10',
      time: '17:00',
      durationMinutes: 50,
      modality: 'in_person',
      repeat: 'none',
    });
  });

  it("turns the inputs into the create request, the time read in the professional's zone", () => {
    const values = { ...newAppointmentValues('2026-03-10T17:00:00.000Z', zone), patientId, repeat: 'weekly' as const, count: 4, notes: ' Primeira ' };
    expect(createFormSchema(zone).parse(values)).toMatchObject({
      patientId,
      startsAt: '2026-03-10T17:00:00.000Z',
      durationMinutes: 50,
      modality: 'in_person',
      videoLink: null,
      notes: 'Primeira',
      recurrence: { frequency: 'weekly', count: 4 },
    });
    const until = { ...values, repeat: 'biweekly' as const, repeatEnd: 'until' as const, until: '2026-06-30' };
    expect(createFormSchema(zone).parse(until).recurrence).toEqual({ frequency: 'biweekly', until: '2026-06-30' });
    const open = { ...values, repeat: 'monthly' as const, repeatEnd: 'never' as const };
    expect(createFormSchema(zone).parse(open).recurrence).toEqual({ frequency: 'monthly' });
    expect(createFormSchema(zone).parse({ ...values, repeat: 'none' }).recurrence).toBeUndefined();
  });

  it('says in Portuguese what is missing or wrong, on the input it belongs to', () => {
    const base = newAppointmentValues('2026-03-10T17:00:00.000Z', zone);
    expect(errorsOf(createFormSchema(zone).safeParse(base))).toEqual({ patientId: v.patientRequired });
    const wrong = { ...base, patientId, repeat: 'weekly' as const, count: 1, modality: 'online' as const, videoLink: 'http://video' };
    expect(errorsOf(createFormSchema(zone).safeParse(wrong))).toEqual({ count: v.recurrenceCountInvalid(260) });
    expect(errorsOf(createFormSchema(zone).safeParse({ ...wrong, count: 4 }))).toEqual({ videoLink: v.videoLinkInvalid });
    const before = { ...base, patientId, repeat: 'weekly' as const, repeatEnd: 'until' as const, until: '2026-03-01' };
    expect(errorsOf(createFormSchema(zone).safeParse(before))).toEqual({ until: v.recurrenceUntilInvalid });
    expect(errorsOf(createFormSchema(zone).safeParse({ ...base, patientId, durationMinutes: 2 }))).toEqual({ durationMinutes: v.durationInvalid });
    // Days from 1900 to 2100 only, as the API takes them, said under the input.
    expect(errorsOf(createFormSchema(zone).safeParse({ ...base, patientId, date: '0021-03-10' }))).toEqual({ date: v.dateOutOfRange(v.dateFields.appointmentDay) });
    expect(errorsOf(createFormSchema(zone).safeParse({ ...before, until: '2101-01-01' }))).toEqual({ until: v.dateOutOfRange(v.dateFields.until) });
    expect(errorsOf(createFormSchema(zone).safeParse({ ...before, until: '' }))).toEqual({ until: v.dateInvalid(v.dateFields.until) });
    expect(createFormSchema(zone).parse({ ...base, patientId, date: '1900-01-01', time: '10:00' }).startsAt).toBe('1900-01-01T13:06:28.000Z');
    expect(errorsOf(editFormSchema(zone).safeParse({ ...base, time: '' }))).toEqual({ time: v.clockTimeInvalid });
    expect(errorsOf(editFormSchema(zone).safeParse({ ...base, time: '25:00' }))).toEqual({ time: v.clockTimeInvalid });
    expect(createFormSchema(zone).parse({ ...base, patientId, time: '8:30' }).startsAt).toBe('2026-03-10T11:30:00.000Z');
  });

  it('sends only what an edit changed, so an unchanged time keeps its reminder', () => {
    const appointment = appointmentOf({ notes: 'Trazer exames' });
    const values = appointmentValues(appointment, zone);
    expect(values).toMatchObject({ date: '2026-03-10', time: '14:00', durationMinutes: 50, notes: 'Trazer exames' });
    expect(toUpdateRequest(values, appointment, zone)).toEqual({});
    expect(toUpdateRequest({ ...values, time: '14:00 ' }, appointment, zone)).toEqual({});
    expect(toUpdateRequest({ ...values, time: '15:30' }, appointment, zone)).toEqual({ startsAt: '2026-03-10T18:30:00.000Z' });
    expect(toUpdateRequest({ ...values, durationMinutes: 60, status: 'attended' }, appointment, zone)).toEqual({
      durationMinutes: 60,
      status: 'attended',
    });
    expect(toUpdateRequest({ ...values, modality: 'online', videoLink: 'https://meet.example.com/x', notes: '' }, appointment, zone)).toEqual({
      modality: 'online',
      videoLink: 'https://meet.example.com/x',
      notes: '',
    });
  });

  it("books in person at the office, with the patient's fee unless changed; online has no place", () => {
    const values = { ...newAppointmentValues('2026-03-10T17:00:00.000Z', zone, 'Rua A, 10'), patientId, feeCents: 15000 as const };
    expect(values.location).toBe('Rua A, 10');
    expect(createFormSchema(zone).parse(values)).toMatchObject({ location: 'Rua A, 10', feeCents: 15000 });
    expect(createFormSchema(zone).parse({ ...values, feeCents: '' as const, location: ' ' })).toMatchObject({ location: null, feeCents: 0 });
    expect(createFormSchema(zone).parse({ ...values, modality: 'online' as const })).toMatchObject({ location: null });
  });

  it("sends a new fee, a waiver and whether a missed session is charged ('Faltou')", () => {
    const appointment = appointmentOf({ feeCents: 15000 });
    const values = appointmentValues(appointment, zone);
    expect(values).toMatchObject({ feeCents: 15000, waived: false, chargeMissed: false });
    expect(toUpdateRequest({ ...values, feeCents: 20000, waived: true }, appointment, zone)).toEqual({ feeCents: 20000, paymentStatus: 'waived' });
    expect(toUpdateRequest({ ...values, status: 'no_show', chargeMissed: true }, appointment, zone)).toEqual({ status: 'no_show', chargeMissed: true });
    expect(toUpdateRequest({ ...values, status: 'no_show' }, appointment, zone)).toEqual({ status: 'no_show' });
    const charged = appointmentOf({ status: 'no_show', chargeMissed: true });
    expect(toUpdateRequest({ ...appointmentValues(charged, zone), status: 'attended' }, charged, zone)).toEqual({ status: 'attended', chargeMissed: false });
    expect(toUpdateRequest({ ...values, location: 'Sala 2' }, appointment, zone)).toEqual({ location: 'Sala 2' });
  });
});
