import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  appointmentCreateRequest,
  appointmentListQuery,
  instantSchema,
  isoDateSchema,
  limits,
  messages,
  monthQuery,
  monthSchema,
  patientCreateRequest,
  paymentCreateRequest,
  profileUpdateRequest,
} from '../src/index';

const v = messages.validation;
const field = 'Campo';

/** The first message of a refused value (the one the API answers with). */
function refusal(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('dates, instants and months from 1900 to 2100', () => {
  it('keeps the range and its messages in step', () => {
    expect([limits.dateMin, limits.dateMax]).toEqual(['1900-01-01', '2100-12-31']);
    expect(v.dateOutOfRange(field)).toBe('Campo: informe uma data entre 01/01/1900 e 31/12/2100');
    expect(v.monthOutOfRange(field)).toBe('Campo: informe um mês entre 01/1900 e 12/2100');
  });

  it('takes a day from 1900-01-01 to 2100-12-31 exactly as written', () => {
    const day = isoDateSchema(field);
    for (const value of ['1900-01-01', '2100-12-31', '2000-02-29']) expect(day.parse(value)).toBe(value);
    for (const value of ['1899-12-31', '2101-01-01', '0021-03-01', '0010-04-20', '0000-01-01']) {
      expect(refusal(day, value)).toBe(v.dateOutOfRange(field));
    }
    for (const value of ['2023-02-29', '20/04/2010', '2010-4-20', 'ontem', '', 20100420, null]) {
      expect(refusal(day, value)).toBe(v.dateInvalid(field));
    }
  });

  it('takes an instant whose day, as written in its offset, is in the range, and answers it in UTC', () => {
    const instant = instantSchema(field);
    expect(instant.parse('1900-01-01T00:00:00Z')).toBe('1900-01-01T00:00:00.000Z');
    expect(instant.parse('2100-12-31T23:59:59.999Z')).toBe('2100-12-31T23:59:59.999Z');
    expect(instant.parse('2100-12-31T22:00:00-03:00')).toBe('2101-01-01T01:00:00.000Z');
    for (const value of ['1899-12-31T23:59:59Z', '1899-12-31T23:00:00-03:00', '2101-01-01T00:00:00Z', '2101-01-01T00:30:00+01:00', '0021-03-01T10:00:00-03:00', '0010-04-20T00:00:00Z']) {
      expect(refusal(instant, value)).toBe(v.dateOutOfRange(field));
    }
    for (const value of ['amanhã', '2026-02-30T10:00:00Z', '2026-03-01T10:00:00', '2026-03-01', 1_700_000_000_000]) {
      expect(refusal(instant, value)).toBe(v.instantInvalid(field));
    }
  });

  it('takes a month from 1900-01 to 2100-12', () => {
    const month = monthSchema(field);
    for (const value of ['1900-01', '2100-12']) expect(month.parse(value)).toBe(value);
    for (const value of ['1899-12', '2101-01', '0021-03']) expect(refusal(month, value)).toBe(v.monthOutOfRange(field));
    for (const value of ['2025-13', '03-2025', '', 202503]) expect(refusal(month, value)).toBe(v.monthInvalid(field));
  });

  it('is what every request schema that takes a date uses, naming its field', () => {
    const patientId = '2b1f3f5e-8d7a-4c1b-9f3e-1a2b3c4d5e6f';
    const appointment = { patientId, startsAt: '2030-05-06T10:00:00-03:00' };
    const f = v.dateFields;
    expect(refusal(appointmentCreateRequest, { ...appointment, startsAt: '0021-05-06T10:00:00-03:00' })).toBe(v.dateOutOfRange(f.startsAt));
    expect(refusal(appointmentCreateRequest, { ...appointment, endsAt: '2101-05-06T10:00:00-03:00' })).toBe(v.dateOutOfRange(f.endsAt));
    expect(refusal(appointmentCreateRequest, { ...appointment, recurrence: { frequency: 'weekly', until: '2101-01-01' } })).toBe(v.dateOutOfRange(f.until));
    expect(refusal(appointmentListQuery, { from: '1899-12-01T00:00:00Z', to: '1900-01-02T00:00:00Z' })).toBe(v.dateOutOfRange(f.from));
    expect(refusal(appointmentListQuery, { from: '2100-12-30T00:00:00Z', to: '2101-01-02T00:00:00Z' })).toBe(v.dateOutOfRange(f.to));
    expect(refusal(patientCreateRequest, { firstName: 'Ana', birthdate: '0010-04-20' })).toBe(v.dateOutOfRange(f.birthdate));
    expect(refusal(profileUpdateRequest, { firstName: 'Ana', lastName: 'Souza', birthdate: '1899-12-31' })).toBe(v.dateOutOfRange(f.birthdate));
    expect(refusal(profileUpdateRequest, { firstName: 'Ana', lastName: 'Souza', birthdate: '2100-12-31' })).toBe(v.birthdateFuture);
    const payment = { patientId, appointmentIds: [patientId], amountCents: 100, method: 'pix' };
    expect(refusal(paymentCreateRequest, { ...payment, paidAt: '1899-12-31' })).toBe(v.dateOutOfRange(f.paidAt));
    expect(refusal(paymentCreateRequest, { ...payment, paidAt: '0021-03-01T10:00:00-03:00' })).toBe(v.dateOutOfRange(f.paidAt));
    expect(refusal(paymentCreateRequest, { ...payment, paidAt: '2026-03-01T25:00:00-03:00' })).toBe(v.instantInvalid(f.paidAt));
    expect(paymentCreateRequest.parse({ ...payment, paidAt: '1900-01-01' }).paidAt).toBe('1900-01-01');
    expect(refusal(monthQuery, { month: '2101-01' })).toBe(v.monthOutOfRange(f.month));
  });
});
