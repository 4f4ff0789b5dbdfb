// The agenda: appointments and recurring series (counts, end days, exceptions, 'this and the
// following ones', daylight saving), overlaps, reminders with the patient's link, the calendar
// feed, and another professional's 404s.
import { limits, messages, type Appointment } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentMessages, appointments } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { whileQueueRefuses } from './helpers/refused-jobs';
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
const e = messages.errors;
const m = messages.mail;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const HOUR = 3_600_000;

function call(method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) {
  return t.request({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function setup(overrides: Parameters<typeof newSignedInUser>[1] = {}) {
  const { user, cookie } = await newSignedInUser(t, overrides);
  const patient = await newPatient(t, { owner: user, firstName: 'Carla', lastName: 'Mendes', email: `carla.${user.username}@example.com` });
  return { user, cookie, patient };
}

async function book(cookie: string, body: Record<string, unknown>): Promise<Appointment> {
  const response = await call('POST', '/v1/users/me/appointments', cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as Appointment;
}

async function listBetween(cookie: string, from: string, to: string): Promise<Appointment[]> {
  const response = await call('GET', `/v1/users/me/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.appointments as Appointment[];
}

/** Every appointment of a year from `from`, in 60-day pages (the list's longest range is 62 days). */
async function listYear(cookie: string, from: string): Promise<Appointment[]> {
  const all: Appointment[] = [];
  for (let page = 0; page < 7; page++) {
    const start = new Date(Date.parse(from) + page * 60 * 24 * HOUR);
    const end = new Date(start.getTime() + 60 * 24 * HOUR);
    all.push(...(await listBetween(cookie, start.toISOString(), end.toISOString())).filter((item) => Date.parse(item.startsAt) >= start.getTime()));
  }
  return all;
}

const localTime = (instant: string, timeZone = 'America/Sao_Paulo') =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));

describe('appointments', () => {
  it('books a 50-minute appointment by default and lists it with the contract fields', async () => {
    const { cookie, patient } = await setup();
    const created = await call('POST', '/v1/users/me/appointments', cookie, { patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', notes: 'Primeira sessão' });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(messages.agenda.created(1));
    const listed = await listBetween(cookie, '2030-05-06T00:00:00-03:00', '2030-05-07T00:00:00-03:00');
    expect(listed).toEqual([
      expect.objectContaining({
        patientId: patient.id,
        patientName: 'Carla Mendes',
        startsAt: '2030-05-06T13:00:00.000Z',
        endsAt: '2030-05-06T13:50:00.000Z',
        status: 'scheduled',
        seriesId: null,
        modality: 'in_person',
        notes: 'Primeira sessão',
      }),
    ]);
  });

  it("answers 409 'Já existe uma consulta neste horário.' to an overlap, books it when allowed, and a cancelled one does not count", async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, { patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', durationMinutes: 60 });
    const overlapping = { patientId: patient.id, startsAt: '2030-05-06T10:30:00-03:00', endsAt: '2030-05-06T11:30:00-03:00' };
    expect((await call('POST', '/v1/users/me/appointments', cookie, overlapping)).json()).toEqual(failure(409, e.appointmentOverlap));
    expect(e.appointmentOverlap).toBe('Já existe uma consulta neste horário.');
    await book(cookie, { ...overlapping, allowOverlap: true });
    const second = await book(cookie, { patientId: patient.id, startsAt: '2030-05-06T12:00:00-03:00' });
    // Moving onto another one is refused the same way; cancelling frees the time.
    expect((await call('PUT', `/v1/appointments/${second.id}`, cookie, { startsAt: '2030-05-06T10:10:00-03:00' })).statusCode).toBe(409);
    await call('PUT', `/v1/appointments/${first.id}`, cookie, { status: 'cancelled' });
    await book(cookie, { patientId: patient.id, startsAt: '2030-05-06T09:00:00-03:00', durationMinutes: 45 });
    // Undoing the cancellation would overlap again.
    expect((await call('PUT', `/v1/appointments/${first.id}`, cookie, { status: 'scheduled' })).json()).toEqual(failure(409, e.appointmentOverlap));
  });

  it('refuses bad input with a Portuguese 400 and stores nothing', async () => {
    const { cookie, patient } = await setup();
    const bad = async (body: unknown, message: string) => {
      const response = await call('POST', '/v1/users/me/appointments', cookie, body);
      expect(response.json()).toEqual(failure(400, message));
    };
    await bad({ startsAt: '2030-05-06T10:00:00-03:00' }, v.patientRequired);
    await bad({ patientId: patient.id, startsAt: 'amanhã' }, v.instantInvalid(v.dateFields.startsAt));
    await bad({ patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', endsAt: '2030-05-06T09:00:00-03:00' }, v.endBeforeStart);
    await bad({ patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', recurrence: { frequency: 'weekly', count: 1000 } }, v.recurrenceCountInvalid(limits.recurrenceCountMax));
    await bad({ patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', modality: 'telepatia' }, v.modalityInvalid);
    const tooLong = await call('GET', '/v1/users/me/appointments?from=2030-01-01T00:00:00Z&to=2030-04-01T00:00:00Z', cookie);
    expect(tooLong.json()).toEqual(failure(400, v.rangeTooLong));
    expect((await call('GET', '/v1/users/me/appointments?from=ontem&to=hoje', cookie)).statusCode).toBe(400);
    expect((await call('DELETE', `/v1/appointments/${patient.id}?scope=todas`, cookie)).json()).toEqual(failure(400, v.scopeInvalid));
    expect((await call('PUT', '/v1/users/me', cookie, { emailReminderLeadHours: [5] })).statusCode).toBe(400);
    expect(await listBetween(cookie, '2030-05-01T00:00:00Z', '2030-06-01T00:00:00Z')).toEqual([]);
  });

  it("shows nothing of another professional's agenda: 404 on every appointment route, and their patient cannot be booked", async () => {
    const { cookie, patient } = await setup();
    const appointment = await book(cookie, { patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00' });
    const other = await setup();
    const notFound = failure(404, e.appointmentNotFound);
    expect((await call('GET', `/v1/appointments/${appointment.id}`, other.cookie)).json()).toEqual(notFound);
    expect((await call('PUT', `/v1/appointments/${appointment.id}`, other.cookie, { status: 'cancelled' })).json()).toEqual(notFound);
    expect((await call('DELETE', `/v1/appointments/${appointment.id}`, other.cookie)).json()).toEqual(notFound);
    expect((await call('POST', '/v1/users/me/appointments', other.cookie, { patientId: patient.id, startsAt: '2030-05-07T10:00:00-03:00' })).statusCode).toBe(404);
    expect(await listBetween(other.cookie, '2030-05-01T00:00:00Z', '2030-06-01T00:00:00Z')).toEqual([]);
    const summaries = await call('GET', `/v1/users/me/appointments/summaries?patientIds=${patient.id}`, other.cookie);
    expect(summaries.json().data.summaries).toEqual([{ patientId: patient.id, nextStartsAt: null, attended: 0, noShow: 0, cancelled: 0 }]);
    expect((await call('GET', `/v1/appointments/${appointment.id}`, cookie)).json().data.appointment.status).toBe('scheduled');
    expect((await call('GET', '/v1/users/me/appointments?from=2030-05-01T00:00:00Z&to=2030-05-02T00:00:00Z', null)).statusCode).toBe(401);
  });

  it("sums up each patient's agenda: the next appointment and the attended, missed and cancelled ones", async () => {
    const { cookie, patient } = await setup();
    const past = [
      ['2026-01-05T10:00:00-03:00', 'attended'],
      ['2026-01-12T10:00:00-03:00', 'attended'],
      ['2026-01-19T10:00:00-03:00', 'no_show'],
      ['2026-01-26T10:00:00-03:00', 'cancelled'],
    ] as const;
    for (const [startsAt, status] of past) {
      const appointment = await book(cookie, { patientId: patient.id, startsAt });
      await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { status });
    }
    await book(cookie, { patientId: patient.id, startsAt: '2030-02-02T10:00:00-03:00' });
    const response = await call('GET', `/v1/users/me/appointments/summaries?patientIds=${patient.id}`, cookie);
    expect(response.json().data.summaries).toEqual([{ patientId: patient.id, nextStartsAt: '2030-02-02T13:00:00.000Z', attended: 2, noShow: 1, cancelled: 1 }]);
  });
});

describe('recurring series', () => {
  it('books a weekly series for a count, each one in the same series at the same local time, listed one by one', async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, { patientId: patient.id, startsAt: '2030-04-02T18:00:00-03:00', recurrence: { frequency: 'weekly', count: 10 } });
    const all = await listYear(cookie, '2030-04-01T00:00:00Z');
    expect(all).toHaveLength(10);
    expect(new Set(all.map((item) => item.seriesId))).toEqual(new Set([first.seriesId]));
    expect(first.seriesId).not.toBeNull();
    expect(all.map((item) => localTime(item.startsAt)).slice(0, 3)).toEqual(['ter., 02/04, 18:00', 'ter., 09/04, 18:00', 'ter., 16/04, 18:00']);
    expect(all.at(-1)!.startsAt).toBe('2030-06-04T21:00:00.000Z');
  });

  it('books every two weeks until a day (that day included) and monthly on the same day', async () => {
    const { cookie, patient } = await setup();
    await book(cookie, { patientId: patient.id, startsAt: '2030-04-01T08:00:00-03:00', recurrence: { frequency: 'biweekly', until: '2030-05-13' } });
    await book(cookie, { patientId: patient.id, startsAt: '2030-04-20T14:00:00-03:00', recurrence: { frequency: 'monthly', count: 3 } });
    const all = await listYear(cookie, '2030-03-01T00:00:00Z');
    expect(all.map((item) => localTime(item.startsAt))).toEqual([
      'seg., 01/04, 08:00',
      'seg., 15/04, 08:00',
      'sáb., 20/04, 14:00',
      'seg., 29/04, 08:00',
      'seg., 13/05, 08:00',
      'seg., 20/05, 14:00',
      'qui., 20/06, 14:00',
    ]);
  });

  it('keeps the local time across a daylight-saving change in the professional’s zone', async () => {
    const { cookie, patient } = await setup({ timeZone: 'America/New_York' });
    await book(cookie, { patientId: patient.id, startsAt: '2030-03-03T09:00:00-05:00', recurrence: { frequency: 'weekly', count: 3 } });
    const all = await listBetween(cookie, '2030-03-01T00:00:00Z', '2030-03-31T00:00:00Z');
    expect(all.map((item) => item.startsAt)).toEqual(['2030-03-03T14:00:00.000Z', '2030-03-10T13:00:00.000Z', '2030-03-17T13:00:00.000Z']);
    expect(all.map((item) => localTime(item.startsAt, 'America/New_York'))).toEqual(['dom., 03/03, 09:00', 'dom., 10/03, 09:00', 'dom., 17/03, 09:00']);
  });

  it('changes, cancels or deletes one occurrence and leaves the others as they were', async () => {
    const { cookie, patient } = await setup();
    await book(cookie, { patientId: patient.id, startsAt: '2030-04-02T18:00:00-03:00', recurrence: { frequency: 'weekly', count: 6 } });
    const [, second, third, fourth] = await listYear(cookie, '2030-04-01T00:00:00Z');
    const moved = await call('PUT', `/v1/appointments/${second!.id}`, cookie, { startsAt: '2030-04-10T09:00:00-03:00', scope: 'this' });
    expect(moved.json().data.appointment).toMatchObject({ startsAt: '2030-04-10T12:00:00.000Z', endsAt: '2030-04-10T12:50:00.000Z', seriesId: second!.seriesId });
    const cancelled = await call('PUT', `/v1/appointments/${third!.id}`, cookie, { status: 'cancelled', cancellationReason: ' Paciente viajou ' });
    expect(cancelled.json()).toMatchObject({ message: messages.agenda.cancelledNow, data: { appointment: { status: 'cancelled', cancellationReason: 'Paciente viajou' } } });
    const deleted = await call('DELETE', `/v1/appointments/${fourth!.id}?scope=this`, cookie);
    expect(deleted.json()).toMatchObject({ status: 200, message: messages.agenda.deleted });
    const all = await listYear(cookie, '2030-04-01T00:00:00Z');
    expect(all.map((item) => `${localTime(item.startsAt)} ${item.status}`)).toEqual([
      'ter., 02/04, 18:00 scheduled',
      'qua., 10/04, 09:00 scheduled',
      'ter., 16/04, 18:00 cancelled',
      'ter., 30/04, 18:00 scheduled',
      'ter., 07/05, 18:00 scheduled',
    ]);
  });

  it("moves 'this and the following ones' by the same day and time, as a series of their own, and deletes the following ones", async () => {
    const { cookie, patient } = await setup();
    await book(cookie, { patientId: patient.id, startsAt: '2030-04-02T18:00:00-03:00', recurrence: { frequency: 'weekly', count: 8 }, modality: 'online', videoLink: 'https://meet.example.com/a' });
    const before = await listYear(cookie, '2030-04-01T00:00:00Z');
    // The fourth one goes to Wednesday at 19:30, with the ones after it; the earlier ones stay on Tuesday.
    const moved = await call('PUT', `/v1/appointments/${before[3]!.id}`, cookie, { startsAt: '2030-04-24T19:30:00-03:00', scope: 'following', videoLink: 'https://meet.example.com/b' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await listYear(cookie, '2030-04-01T00:00:00Z');
    expect(after.map((item) => localTime(item.startsAt))).toEqual([
      'ter., 02/04, 18:00',
      'ter., 09/04, 18:00',
      'ter., 16/04, 18:00',
      'qua., 24/04, 19:30',
      'qua., 01/05, 19:30',
      'qua., 08/05, 19:30',
      'qua., 15/05, 19:30',
      'qua., 22/05, 19:30',
    ]);
    expect(new Set(after.slice(0, 3).map((item) => item.seriesId))).toEqual(new Set([before[0]!.seriesId]));
    const newSeries = new Set(after.slice(3).map((item) => item.seriesId));
    expect(newSeries.size).toBe(1);
    expect(newSeries.has(before[0]!.seriesId)).toBe(false);
    const full = (await call('GET', `/v1/appointments/${after[6]!.id}`, cookie)).json().data.appointment as Appointment;
    expect(full.videoLink).toBe('https://meet.example.com/b');
    expect(after[0]!.videoLink).toBe('https://meet.example.com/a');

    const removed = await call('DELETE', `/v1/appointments/${after[5]!.id}?scope=following`, cookie);
    expect(removed.json()).toMatchObject({ status: 200, message: messages.agenda.deletedSeries });
    expect(await listYear(cookie, '2030-04-01T00:00:00Z')).toHaveLength(5);
  });

  it('books an open series half a year ahead and keeps booking as time passes', async () => {
    const { cookie, patient } = await setup();
    const start = new Date(t.clock.now().getTime() + 24 * HOUR);
    start.setUTCMinutes(0, 0, 0);
    const first = await book(cookie, { patientId: patient.id, startsAt: start.toISOString(), recurrence: { frequency: 'weekly' } });
    const countBooked = async () => (await t.database.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.seriesId, first.seriesId!))).length;
    expect(await countBooked()).toBe(27);
    t.clock.advance(30 * 24 * 3600);
    await t.app.agendaTick();
    expect(await countBooked()).toBe(31);
  });
});

/** An hour mark `hours` from the test clock's now. */
function hoursAhead(hours: number): string {
  const at = new Date(t.clock.now().getTime() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

const linkPattern = /http:\/\/consultorio\.test\/appointment\?token=([\w-]+)&action=(confirm|cancel)/g;

function linksOf(text: string): Array<{ token: string; action: string }> {
  return [...text.matchAll(linkPattern)].map((match) => ({ token: match[1]!, action: match[2]! }));
}

async function mailsTo(address: string) {
  await t.mailCount();
  return t.smtp.received.filter((mail) => mail.to.includes(address));
}

describe('reminders and the patient link', () => {
  it("mails the patient when the lead time is reached: when (in the professional's zone), with whom, how, and the two links", async () => {
    const { cookie, patient } = await setup({ title: 'Dra.', gender: 'female', timeZone: 'America/Manaus' });
    const startsAt = hoursAhead(30);
    const appointment = await book(cookie, { patientId: patient.id, startsAt, modality: 'online', videoLink: 'https://meet.example.com/carla' });
    expect(await mailsTo(patient.email!)).toHaveLength(0);
    t.clock.advance(7 * 3600);
    expect(await t.app.agendaTick()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo(patient.email!);
    expect(more).toHaveLength(0);
    const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Manaus' }).format(new Date(startsAt));
    expect(mail!.subject).toBe(messages.mail.reminderSubject(when));
    expect(mail!.text).toContain(messages.mail.reminderBody(when, 'Dra. Ana Souza'));
    expect(mail!.text).toContain('Modalidade: Online.');
    expect(mail!.text).toContain('https://meet.example.com/carla');
    expect(linksOf(mail!.text).map((link) => link.action)).toEqual(['confirm', 'cancel']);
    const [confirm, cancel] = linksOf(mail!.text);
    expect(confirm!.token).toBe(cancel!.token);
    expect((await call('GET', `/v1/appointments/${appointment.id}`, cookie)).json().data.appointment.reminderSentAt).not.toBeNull();
    // Once sent, the next scans send nothing more.
    await t.app.agendaTick();
    expect(await mailsTo(patient.email!)).toHaveLength(1);
  });

  it('claims a reminder and queues its job in one transaction: when the queue refuses the job, the next scan sends it, once', async () => {
    const { cookie, patient } = await setup();
    const appointment = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(30) });
    t.clock.advance(7 * 3600);
    await whileQueueRefuses(t.database, 'agenda.reminder', async () => {
      await expect(t.app.agendaTick()).rejects.toThrow(/fila indisponível/);
    });
    const claims = await t.database.db.select().from(appointmentMessages).where(eq(appointmentMessages.appointmentId, appointment.id));
    expect(claims).toEqual([]);
    expect(await mailsTo(patient.email!)).toHaveLength(0);

    expect(await t.app.agendaTick()).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(patient.email!)).toHaveLength(1);
    await t.app.agendaTick();
    expect(await mailsTo(patient.email!)).toHaveLength(1);
  });

  it('reminds at once when booked inside the lead time, and never a patient who opted out, has no e-mail, or when reminders are off', async () => {
    const { cookie, user, patient } = await setup();
    await book(cookie, { patientId: patient.id, startsAt: hoursAhead(3) });
    expect(await mailsTo(patient.email!)).toHaveLength(1);

    const optedOut = await newPatient(t, { owner: user, firstName: 'Bruno', lastName: 'Reis', email: `sem.lembrete.${user.username}@example.com` });
    const optOut = await call('PUT', `/v1/patients/${optedOut.id}`, cookie, { firstName: 'Bruno', lastName: 'Reis', email: optedOut.email, remindersOptOut: true });
    expect(optOut.json().data.patient.remindersOptOut).toBe(true);
    await book(cookie, { patientId: optedOut.id, startsAt: hoursAhead(5) });
    const noEmail = await newPatient(t, { owner: user, email: null });
    await book(cookie, { patientId: noEmail.id, startsAt: hoursAhead(7) });
    expect(await mailsTo(optedOut.email!)).toHaveLength(0);

    const off = await setup({ emailReminderLeadHours: [] });
    await book(off.cookie, { patientId: off.patient.id, startsAt: hoursAhead(2) });
    await t.app.agendaTick();
    expect(await mailsTo(off.patient.email!)).toHaveLength(0);
    expect((await call('PUT', '/v1/users/me', off.cookie, { firstName: 'Ana', lastName: 'Souza', emailReminderLeadHours: [2, 48] })).json().data.user.emailReminderLeadHours).toEqual([48, 2]);
  });

  it('shows through the link only the time, modality, status and professional; the patient confirms, then cancels with a reason, and the professional is told', async () => {
    const { cookie, patient, user } = await setup({ title: 'Dr.', gender: 'male', firstName: 'Paulo', lastName: 'Lima' });
    const appointment = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(4), notes: 'Nota privada' });
    const [reminder] = await mailsTo(patient.email!);
    const token = linksOf(reminder!.text)[0]!.token;

    const shown = await call('POST', '/v1/appointments/public', null, { token });
    expect(shown.json()).toEqual({
      status: 200,
      data: {
        appointment: { startsAt: appointment.startsAt, endsAt: appointment.endsAt, timeZone: 'America/Sao_Paulo', modality: 'in_person', status: 'scheduled' },
        professional: { title: 'Dr.', firstName: 'Paulo', lastName: 'Lima' },
      },
    });

    const confirmed = await call('POST', '/v1/appointments/public/confirm', null, { token });
    expect(confirmed.json()).toMatchObject({ status: 200, message: messages.agenda.publicConfirmed, data: { appointment: { status: 'confirmed' } } });
    const cancelled = await call('POST', '/v1/appointments/public/cancel', null, { token, reason: 'Estarei viajando' });
    expect(cancelled.json()).toMatchObject({ status: 200, message: messages.agenda.publicCancelled, data: { appointment: { status: 'cancelled' } } });
    expect((await call('GET', `/v1/appointments/${appointment.id}`, cookie)).json().data.appointment).toMatchObject({ status: 'cancelled', cancellationReason: 'Estarei viajando' });

    const [notice] = await mailsTo(user.email);
    expect(notice!.subject).toBe(messages.mail.cancelledSubject('Carla Mendes'));
    expect(notice!.text).toContain(messages.mail.cancelledReason('Estarei viajando'));

    expect((await call('POST', '/v1/appointments/public/cancel', null, { token })).json()).toEqual(failure(409, e.appointmentAlreadyCancelled));
    expect((await call('POST', '/v1/appointments/public/confirm', null, { token })).json()).toEqual(failure(409, e.appointmentAlreadyCancelled));
  });

  it("cannot overrule the professional: once attended, missed or cancelled, confirming or cancelling through the link answers 409 and changes nothing", async () => {
    const { cookie, patient, user } = await setup();
    const appointment = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(3) });
    const token = linksOf((await mailsTo(patient.email!))[0]!.text)[0]!.token;
    const closed = { attended: e.appointmentClosed, no_show: e.appointmentClosed, cancelled: e.appointmentAlreadyCancelled } as const;
    expect(e.appointmentClosed).toBe('O profissional já registrou esta consulta; ela não pode mais ser alterada por este link.');
    for (const [status, message] of Object.entries(closed)) {
      await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { status });
      for (const action of ['confirm', 'cancel']) {
        const answer = await call('POST', `/v1/appointments/public/${action}`, null, { token, reason: 'Não vou' });
        expect(answer.json(), `${action} after ${status}`).toEqual(failure(409, message));
      }
      expect((await call('GET', `/v1/appointments/${appointment.id}`, cookie)).json().data.appointment).toMatchObject({ status, cancellationReason: null });
      expect((await call('POST', '/v1/appointments/public', null, { token })).json().data.appointment.status).toBe(status);
    }
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("answers an expired link (the appointment has ended) without any of the appointment's data", async () => {
    const { cookie, patient } = await setup();
    const appointment = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(2) });
    const token = linksOf((await mailsTo(patient.email!))[0]!.text)[0]!.token;
    t.clock.advance(3 * 3600);
    for (const path of ['', '/confirm', '/cancel']) {
      expect((await call('POST', `/v1/appointments/public${path}`, null, { token })).json()).toEqual(failure(404, e.appointmentLinkInvalid));
    }
    expect((await call('GET', `/v1/appointments/${appointment.id}`, cookie)).json().data.appointment.status).toBe('scheduled');
  });

  it('answers 404 to an unknown link and to one once the appointment has ended, 400 to a missing one; after a move the old link shows the new time', async () => {
    const { cookie, patient } = await setup();
    const appointment = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(2) });
    const token = linksOf((await mailsTo(patient.email!))[0]!.text)[0]!.token;
    const invalid = failure(404, e.appointmentLinkInvalid);
    expect((await call('POST', '/v1/appointments/public', null, { token: 'x'.repeat(43) })).json()).toEqual(invalid);
    expect((await call('POST', '/v1/appointments/public/confirm', null, {})).json()).toEqual(failure(400, v.tokenRequired));

    // Moved: the old link follows it, and a new reminder (with a link of its own) goes for the new time.
    const moved = (await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { startsAt: hoursAhead(5) })).json().data.appointment as Appointment;
    expect((await call('POST', '/v1/appointments/public', null, { token })).json().data.appointment).toMatchObject({ startsAt: moved.startsAt, endsAt: moved.endsAt });
    const reminders = (await mailsTo(patient.email!)).filter((mail) => mail.subject.startsWith('Lembrete'));
    expect(reminders).toHaveLength(2);
    const newToken = linksOf(reminders[1]!.text)[0]!.token;
    expect(newToken).not.toBe(token);
    expect((await call('POST', '/v1/appointments/public', null, { token: newToken })).statusCode).toBe(200);

    t.clock.advance(6 * 3600);
    expect((await call('POST', '/v1/appointments/public/confirm', null, { token: newToken })).json()).toEqual(invalid);
    expect((await call('POST', '/v1/appointments/public', null, { token })).json()).toEqual(invalid);
  });
});

/** The one mail to `address` whose subject is `subject`. */
async function mailWithSubject(address: string, subject: string) {
  const found = (await mailsTo(address)).filter((mail) => mail.subject === subject);
  expect(found.map((mail) => mail.subject)).toEqual([subject]);
  return found[0]!;
}

describe("notices to the patient of the professional's changes", () => {
  const when = (instant: string, timeZone = 'America/Sao_Paulo') =>
    new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(instant));

  it('mails the patient when the professional moves or cancels an appointment ahead, and the old reminder link shows it as it now is', async () => {
    const { cookie, patient } = await setup({ title: 'Dra.', gender: 'female' });
    const appointment = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(3) });
    const token = linksOf((await mailsTo(patient.email!))[0]!.text)[0]!.token;

    const newStart = hoursAhead(27);
    expect((await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { startsAt: newStart })).statusCode).toBe(200);
    const moved = await mailWithSubject(patient.email!, m.noticeMovedSubject(when(newStart)));
    expect(moved.text).toContain(m.noticeMovedBody('Dra. Ana Souza', when(appointment.startsAt), when(newStart)));
    expect(linksOf(moved.text).map((link) => link.action)).toEqual(['confirm']);
    expect((await call('POST', '/v1/appointments/public', null, { token })).json().data.appointment).toMatchObject({ startsAt: new Date(newStart).toISOString(), status: 'scheduled' });

    await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { status: 'cancelled', cancellationReason: 'Motivo do profissional' });
    const cancelled = await mailWithSubject(patient.email!, m.noticeCancelledSubject(when(newStart)));
    expect(cancelled.text).toContain(m.noticeCancelledBody('Dra. Ana Souza', when(newStart)));
    expect(cancelled.text).not.toContain('Motivo do profissional');
    expect((await call('POST', '/v1/appointments/public', null, { token })).json().data.appointment.status).toBe('cancelled');

    // What is past or already closed is not announced: a session marked attended, one moved in the past.
    const past = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(-30) });
    const before = (await mailsTo(patient.email!)).length;
    await call('PUT', `/v1/appointments/${past.id}`, cookie, { startsAt: hoursAhead(-29) });
    await call('PUT', `/v1/appointments/${past.id}`, cookie, { status: 'attended' });
    expect(await mailsTo(patient.email!)).toHaveLength(before);
  });

  it("tells once, for a series' following appointments cancelled together", async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(50), recurrence: { frequency: 'weekly', count: 4 } });
    await call('PUT', `/v1/appointments/${first.id}`, cookie, { status: 'cancelled', scope: 'following' });
    const notice = await mailWithSubject(patient.email!, m.noticeCancelledSubject(when(first.startsAt)));
    expect(notice.text).toContain(m.noticeFollowingCancelled);
  });

  it("sends the reminders and notices of a patient under 18 to the 'Responsável financeiro' too, naming the patient", async () => {
    const { cookie, user } = await setup();
    const today = new Date(t.clock.now().getTime() - 3 * HOUR).toISOString().slice(0, 10);
    const tenYearsAgo = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;
    const child = await newPatient(t, { owner: user, firstName: 'Lia', lastName: 'Prado', email: null, birthdate: tenYearsAgo, payerName: 'Marta Prado', payerEmail: `marta.${user.username}@example.com` });
    const adult = await newPatient(t, { owner: user, firstName: 'Rui', lastName: 'Prado', email: `rui.${user.username}@example.com`, birthdate: '1990-01-01', payerEmail: `pagador.${user.username}@example.com` });

    const appointment = await book(cookie, { patientId: child.id, startsAt: hoursAhead(3) });
    const [reminder] = await mailsTo(child.payerEmail!);
    expect(reminder!.text).toContain(m.greeting('Marta'));
    expect(reminder!.text).toContain(m.guardianReminderBody('Lia Prado', when(appointment.startsAt), 'Ana Souza'));
    expect(reminder!.text).toContain(m.guardianFooter);
    expect(linksOf(reminder!.text)).toHaveLength(2);
    await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { status: 'cancelled' });
    const notice = await mailWithSubject(child.payerEmail!, m.noticeCancelledSubject(when(appointment.startsAt)));
    expect(notice.text).toContain(m.guardianNoticeCancelledBody('Lia Prado', 'Ana Souza', when(appointment.startsAt)));

    await book(cookie, { patientId: adult.id, startsAt: hoursAhead(5) });
    expect(await mailsTo(adult.email!)).toHaveLength(1);
    expect(await mailsTo(adult.payerEmail!)).toHaveLength(0);
  });

  it("puts the place of an in-person appointment in its reminder: its own, or the profile's 'Endereço do consultório'; an online one gets its video link", async () => {
    const { cookie, user } = await setup();
    const office = 'Rua das Flores, 100, sala 12 — São Paulo';
    const profile = await call('PUT', '/v1/users/me', cookie, { firstName: 'Ana', lastName: 'Souza', officeAddress: ` ${office} ` });
    expect(profile.json().data.user.officeAddress).toBe(office);
    expect((await call('PUT', '/v1/users/me', cookie, { firstName: 'Ana', lastName: 'Souza' })).json().data.user.officeAddress).toBe(office);
    let booked = 0;
    const reminderOf = async (body: Record<string, unknown>) => {
      booked += 1;
      const patient = await newPatient(t, { owner: user, email: `p${booked}.${user.username}@example.com` });
      await book(cookie, { patientId: patient.id, startsAt: hoursAhead(2 * booked), ...body });
      const [mail] = await mailsTo(patient.email!);
      return mail!.text;
    };
    expect(await reminderOf({})).toContain(m.reminderLocation(office));
    expect(await reminderOf({ location: 'Clínica Centro, sala 3' })).toContain(m.reminderLocation('Clínica Centro, sala 3'));
    const online = await reminderOf({ modality: 'online', videoLink: 'https://meet.example.com/x', location: 'Sala 3' });
    expect(online).toContain(m.reminderVideoLink('https://meet.example.com/x'));
    expect(online).not.toContain('Local:');
  });
});

interface FeedEvent {
  uid: string;
  start: string;
  end: string;
}

/**
 * The events of a feed as a real iCalendar parser reads them. Every time must be an instant:
 * UTC (with its 'Z') or local with a TZID that a VTIMEZONE of the feed defines; a floating time
 * (neither) fails, since each calendar would read it in its own zone.
 */
function parseFeed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = new Set<string>();
  for (const definition of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(definition);
    ICAL.TimezoneService.register(zone);
    zones.add(zone.tzid);
  }
  return calendar.getAllSubcomponents('vevent').map((event) => {
    const instant = (name: string): string => {
      const property = event.getFirstProperty(name);
      if (!property) throw new Error(`an event without ${name}`);
      const time = property.getFirstValue() as ICAL.Time;
      const tzid = property.getParameter('tzid');
      const exact = time.zone === ICAL.Timezone.utcTimezone || (typeof tzid === 'string' && zones.has(tzid));
      expect(exact, `${name.toUpperCase()} ${property.toICALString()} is neither UTC nor in a zone the feed defines`).toBe(true);
      return time.toJSDate().toISOString();
    };
    instant('dtstamp');
    return { uid: String(event.getFirstPropertyValue('uid')), start: instant('dtstart'), end: instant('dtend') };
  });
}

describe('calendar feed', () => {
  it("writes each appointment at the API's instant, for São Paulo and for a zone with daylight saving (read by ical.js)", async () => {
    // Around New York's return to standard time (2030-11-03), inside the feed's window.
    const shift = (Date.parse('2030-10-20T12:00:00Z') - t.clock.now().getTime()) / 1000;
    t.clock.advance(shift);
    try {
      const cases = [
        { timeZone: 'America/Sao_Paulo', startsAt: '2030-10-28T10:00:00-03:00', localTimes: ['seg., 28/10, 10:00', 'seg., 04/11, 10:00', 'seg., 11/11, 10:00'] },
        { timeZone: 'America/New_York', startsAt: '2030-10-28T10:00:00-04:00', localTimes: ['seg., 28/10, 10:00', 'seg., 04/11, 10:00', 'seg., 11/11, 10:00'] },
      ];
      for (const { timeZone, startsAt, localTimes } of cases) {
        const { cookie, patient } = await setup({ timeZone });
        await book(cookie, { patientId: patient.id, startsAt, recurrence: { frequency: 'weekly', count: 3 } });
        const booked = await listBetween(cookie, '2030-10-01T00:00:00Z', '2030-11-30T00:00:00Z');
        expect(booked.map((item) => localTime(item.startsAt, timeZone))).toEqual(localTimes);
        const feed = (await call('GET', '/v1/users/me/calendar-feed', cookie)).json().data as { url: string };
        const events = parseFeed((await call('GET', new URL(feed.url).pathname, null)).body);
        expect(events.toSorted((a, b) => a.start.localeCompare(b.start))).toEqual(booked.map((item) => ({ uid: item.id, start: item.startsAt, end: item.endsAt })));
      }
    } finally {
      t.clock.advance(-shift);
    }
  });


  it('gives a private iCalendar address showing initials, full names when chosen; a new address ends the old one', async () => {
    const { cookie, patient } = await setup();
    await book(cookie, { patientId: patient.id, startsAt: hoursAhead(26), location: 'Sala 3' });
    const cancelled = await book(cookie, { patientId: patient.id, startsAt: hoursAhead(50) });
    await call('PUT', `/v1/appointments/${cancelled.id}`, cookie, { status: 'cancelled' });

    const feed = (await call('GET', '/v1/users/me/calendar-feed', cookie)).json().data as { url: string; fullNames: boolean };
    expect(feed).toEqual({ url: expect.stringMatching(/^http:\/\/consultorio\.test\/v1\/calendar\/[\w-]{32}\.ics$/), fullNames: false });
    expect((await call('GET', '/v1/users/me/calendar-feed', cookie)).json().data.url).toBe(feed.url);
    const path = (url: string) => new URL(url).pathname;
    const ics = await call('GET', path(feed.url), null);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toContain('SUMMARY:Consulta — C. M.');
    expect(ics.body).toContain('LOCATION:Sala 3');
    expect(ics.body).not.toContain('Carla');
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    const renewed = await call('POST', '/v1/users/me/calendar-feed', cookie, { fullNames: true });
    expect(renewed.json()).toMatchObject({ status: 200, message: messages.agenda.feedRenewed, data: { fullNames: true } });
    const newUrl = renewed.json().data.url as string;
    expect(newUrl).not.toBe(feed.url);
    expect((await call('GET', path(feed.url), null)).json()).toEqual(failure(404, e.calendarFeedNotFound));
    expect((await call('GET', path(newUrl), null)).body).toContain('SUMMARY:Consulta — Carla Mendes');
    expect((await call('GET', '/v1/calendar/nao-existe.ics', null)).statusCode).toBe(404);
  });
});
