// Dates in range (issue 26): every date, instant and month the API takes lies between
// 1900-01-01 and 2100-12-31, or the answer is 400 naming the field and nothing is stored; the
// first and last days go in and come back exactly; and a value stored out of range before
// (year 0021, a BC date) is read back exactly by both drivers, the agenda, the patient's finance
// and the export answering instead of a 500.
import { messages, type Appointment, type PatientFinance, type PendingPatient } from '@consultorio/shared';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlWithin } from '../src/db/client';
import * as schema from '../src/db/schema';
import { appointments, appointmentSeries, patients, payments, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const v = messages.validation;
const f = v.dateFields;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

function call(method: InjectOptions['method'], url: string, cookie: string, payload?: object) {
  return t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}

async function setup() {
  const { user, cookie } = await newSignedInUser(t);
  const patient = await newPatient(t, { owner: user, firstName: 'Carla', lastName: 'Mendes', sessionFeeCents: 15000 });
  return { user, cookie, patient };
}

async function book(cookie: string, body: Record<string, unknown>): Promise<Appointment> {
  const response = await call('POST', '/v1/users/me/appointments', cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as Appointment;
}

/** Everything of the professional's that a refused request could have stored or changed. */
async function storedOf(userId: string, patientId: string) {
  const db = t.database.db;
  return {
    appointments: await db.select().from(appointments).where(eq(appointments.ownerId, userId)),
    series: await db.select().from(appointmentSeries).where(eq(appointmentSeries.ownerId, userId)),
    payments: await db.select().from(payments).where(eq(payments.ownerId, userId)),
    patient: await db.select().from(patients).where(eq(patients.id, patientId)),
    user: await db.select({ birthdate: users.birthdate, updatedAt: users.updatedAt }).from(users).where(eq(users.id, userId)),
  };
}

describe('the first and last days', () => {
  it('books, lists and reads appointments on 1900-01-01 and 2100-12-31 exactly, and takes their months', async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, { patientId: patient.id, startsAt: '1900-01-01T00:00:00Z' });
    const last = await book(cookie, { patientId: patient.id, startsAt: '2100-12-31T22:00:00Z', endsAt: '2100-12-31T23:59:59.999Z' });
    expect([first.startsAt, first.endsAt, last.startsAt, last.endsAt]).toEqual([
      '1900-01-01T00:00:00.000Z',
      '1900-01-01T00:50:00.000Z',
      '2100-12-31T22:00:00.000Z',
      '2100-12-31T23:59:59.999Z',
    ]);
    expect((await call('GET', `/v1/appointments/${first.id}`, cookie)).json().data.appointment).toEqual(first);
    const listed = await call('GET', '/v1/users/me/appointments?from=2100-12-31T00:00:00Z&to=2100-12-31T23:59:59.999Z', cookie);
    expect(listed.json().data.appointments).toEqual([last]);

    const series = await call('POST', '/v1/users/me/appointments', cookie, {
      patientId: patient.id,
      startsAt: '2100-12-01T10:00:00-03:00',
      recurrence: { frequency: 'weekly', until: '2100-12-31' },
    });
    expect(series.statusCode, series.body).toBe(201);
    const [stored] = await t.database.db.select().from(appointmentSeries).where(eq(appointmentSeries.id, series.json().data.appointment.seriesId));
    expect(stored?.until).toBe('2100-12-31');

    const paid = await call('POST', '/v1/users/me/payments', cookie, { patientId: patient.id, appointmentIds: [first.id], amountCents: 15000, method: 'cash', paidAt: '1900-01-01' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.payment).toMatchObject({ paidAt: '1900-01-01', sessions: [{ appointmentId: first.id, startsAt: first.startsAt }] });
    expect((await call('GET', '/v1/users/me/finance/summary?month=1900-01', cookie)).json().data.summary).toMatchObject({ month: '1900-01', receivedCents: 15000 });
    const pending = await call('GET', '/v1/users/me/finance/pending?month=2100-12', cookie);
    const [owing] = pending.json<{ data: { patients: PendingPatient[] } }>().data.patients;
    expect(owing?.sessions.map((session) => session.startsAt)).toContain(last.startsAt);
  });

  it('keeps a birthdate of 1900-01-01 exactly', async () => {
    const { cookie, patient } = await setup();
    const created = await call('POST', '/v1/users/me/patients', cookie, { firstName: 'Ana', lastName: 'Prado', birthdate: '1900-01-01' });
    expect(created.json().data.patient.birthdate).toBe('1900-01-01');
    const updated = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', lastName: 'Mendes', birthdate: '1900-01-01' });
    expect(updated.json().data.patient.birthdate).toBe('1900-01-01');
    const profile = await call('PUT', '/v1/users/me', cookie, { firstName: 'Ana', lastName: 'Souza', birthdate: '1900-01-01' });
    expect(profile.json().data.user.birthdate).toBe('1900-01-01');
  });
});

describe('outside the range', () => {
  const days = ['1899-12-31', '2101-01-01', '0021-03-01', '0010-04-20'];
  const instants = ['1899-12-31T23:00:00-03:00', '2101-01-01T10:00:00-03:00', '0021-03-01T10:00:00-03:00', '0010-04-20T00:00:00Z'];
  const months = ['1899-12', '2101-01', '0021-03', '0010-04'];

  it('answers 400 naming the field, and stores nothing', async () => {
    const { user, cookie, patient } = await setup();
    const appointment = await book(cookie, { patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00' });
    const series = await book(cookie, { patientId: patient.id, startsAt: '2030-06-03T10:00:00-03:00', recurrence: { frequency: 'weekly', count: 3 } });
    const before = await storedOf(user.id, patient.id);
    const refused = async (method: InjectOptions['method'], url: string, message: string, payload?: object) => {
      const response = await call(method, url, cookie, payload);
      expect(response.json(), `${method} ${url} ${JSON.stringify(payload)}`).toEqual(failure(400, message));
    };

    for (const instant of instants) {
      const startsAt = '2030-05-06T10:00:00-03:00';
      await refused('POST', '/v1/users/me/appointments', v.dateOutOfRange(f.startsAt), { patientId: patient.id, startsAt: instant });
      await refused('POST', '/v1/users/me/appointments', v.dateOutOfRange(f.endsAt), { patientId: patient.id, startsAt, endsAt: instant });
      await refused('PUT', `/v1/appointments/${appointment.id}`, v.dateOutOfRange(f.startsAt), { startsAt: instant });
      await refused('PUT', `/v1/appointments/${appointment.id}`, v.dateOutOfRange(f.endsAt), { endsAt: instant });
      const range = (from: string, to: string) => `/v1/users/me/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
      await refused('GET', range(instant, startsAt), v.dateOutOfRange(f.from));
      await refused('GET', range(startsAt, instant), v.dateOutOfRange(f.to));
      await refused('POST', '/v1/users/me/payments', v.dateOutOfRange(f.paidAt), { patientId: patient.id, appointmentIds: [appointment.id], amountCents: 100, method: 'pix', paidAt: instant });
    }
    for (const day of days) {
      const series = { patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', recurrence: { frequency: 'weekly', until: day } };
      await refused('POST', '/v1/users/me/appointments', v.dateOutOfRange(f.until), series);
      await refused('POST', '/v1/users/me/patients', v.dateOutOfRange(f.birthdate), { firstName: 'Ana', lastName: 'Prado', birthdate: day });
      await refused('PUT', `/v1/patients/${patient.id}`, v.dateOutOfRange(f.birthdate), { firstName: 'Carla', lastName: 'Mendes', birthdate: day });
      await refused('PUT', '/v1/users/me', v.dateOutOfRange(f.birthdate), { firstName: 'Ana', lastName: 'Souza', birthdate: day });
      await refused('POST', '/v1/users/me/payments', v.dateOutOfRange(f.paidAt), { patientId: patient.id, appointmentIds: [appointment.id], amountCents: 100, method: 'pix', paidAt: day });
    }
    for (const month of months) {
      for (const path of ['finance/summary', 'finance/pending', 'payments', 'finance/report']) {
        await refused('GET', `/v1/users/me/${path}?month=${month}`, v.monthOutOfRange(f.month));
      }
    }
    // A paid day given as an instant is the professional's day: 1900-01-01 in UTC is still 1899 in São Paulo.
    await refused('POST', '/v1/users/me/payments', v.dateOutOfRange(f.paidAt), { patientId: patient.id, appointmentIds: [appointment.id], amountCents: 100, method: 'pix', paidAt: '1900-01-01T01:00:00Z' });
    // A series whose sessions would run past 2100-12-31 is refused whole.
    await refused('POST', '/v1/users/me/appointments', v.recurrencePastRange, { patientId: patient.id, startsAt: '2100-12-01T10:00:00-03:00', recurrence: { frequency: 'weekly', count: 10 } });
    // And so is moving a series' appointment and the following ones so that the last would.
    await refused('PUT', `/v1/appointments/${series.id}`, v.recurrencePastRange, { startsAt: '2100-12-24T10:00:00-03:00', scope: 'following' });

    expect(await storedOf(user.id, patient.id)).toEqual(before);
  });
});

describe('dates stored out of range before', () => {
  it('are read back exactly, and the agenda, the patient’s finance and the export answer', async () => {
    const { user, cookie, patient } = await setup();
    await t.database.sql.executeSql("update patients set birthdate = '0010-04-20' where id = $1", [patient.id]);
    const { rows } = await t.database.sql.executeSql(
      `insert into appointments (owner_id, patient_id, starts_at, ends_at, fee_cents) values
         ($1, $2, '0010-04-20 10:00:00+00', '0010-04-20 10:50:00+00', 10000),
         ($1, $2, '0044-03-15 12:00:00+00 BC', '0044-03-15 12:50:00+00 BC', 5000)
       returning id, starts_at as "startsAt"`,
      [user.id, patient.id],
    );
    // The drivers' own queries read them exactly too (PGlite read them as Invalid Date).
    const [year10, bc] = rows as Array<{ id: string; startsAt: Date }>;
    expect([year10!.startsAt.toISOString(), bc!.startsAt.toISOString()]).toEqual(['0010-04-20T10:00:00.000Z', '-000043-03-15T12:00:00.000Z']);

    const read = await call('GET', `/v1/appointments/${year10!.id}`, cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.appointment).toMatchObject({ startsAt: '0010-04-20T10:00:00.000Z', endsAt: '0010-04-20T10:50:00.000Z' });
    expect((await call('GET', `/v1/patients/${patient.id}`, cookie)).json().data.patient.birthdate).toBe('0010-04-20');
    const finance = await call('GET', `/v1/patients/${patient.id}/finance`, cookie);
    expect(finance.statusCode, finance.body).toBe(200);
    const { sessions } = finance.json<{ data: { finance: PatientFinance } }>().data.finance;
    expect(sessions.map((session) => session.startsAt)).toEqual([
      '-000043-03-15T12:00:00.000Z',
      '0010-04-20T10:00:00.000Z',
    ]);
    const exported = await call('GET', `/v1/patients/${patient.id}/export`, cookie);
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
  });

  it('reads the first day exactly whatever the session’s zone (São Paulo’s local mean time, -03:06:28)', async () => {
    const { user, patient } = await setup();
    const [row] = await t.database.db
      .insert(appointments)
      .values({ ownerId: user.id, patientId: patient.id, startsAt: new Date('1900-01-01T00:00:00Z'), endsAt: new Date('1900-01-01T00:50:00Z') })
      .returning({ id: appointments.id });
    const read = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      const [text] = (await sqlWithin(tx).executeSql('select starts_at::text as "text", starts_at as "startsAt" from appointments where id = $1', [row!.id])).rows as Array<{ text: string; startsAt: Date }>;
      const [byDrizzle] = await tx.select({ startsAt: appointments.startsAt }).from(appointments).where(eq(appointments.id, row!.id));
      return { text: text!.text, raw: text!.startsAt, drizzle: byDrizzle!.startsAt };
    });
    expect(read.text).toBe('1899-12-31 20:53:32-03:06:28');
    expect([read.raw.toISOString(), read.drizzle.toISOString()]).toEqual(['1900-01-01T00:00:00.000Z', '1900-01-01T00:00:00.000Z']);
  });

  it('is how every timestamp column of the schema is decoded', () => {
    const timestamps = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .flatMap((table) => getTableConfig(table).columns)
      .filter((column) => column.getSQLType().startsWith('timestamp'));
    expect(timestamps.length).toBeGreaterThan(30);
    for (const column of timestamps) {
      expect((column.mapFromDriverValue('0010-04-20 10:00:00+00') as Date).toISOString(), column.name).toBe('0010-04-20T10:00:00.000Z');
    }
  });
});
