// Online booking: the availability and the page's switch, free slots against the weekly hours,
// notice, buffer, horizon and a series (in a zone with daylight saving), the request held until
// its e-mail link confirms it, the known patient, twenty confirmations racing for one slot, and
// the professional's approval, the intake questionnaire after a first booking.
import { messages, type Appointment, type Availability, type BookingSlot } from '@consultorio/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, bookingRequests, forms, patients } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { linkToken } from './helpers/smtp';
import { libraryTemplate, newTemplate } from './factories/forms';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const b = messages.booking;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const DAY = 86_400_000;
let addressCount = 0;

function call(method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown, remoteAddress = '127.0.0.1') {
  return t.request({ method, url, remoteAddress, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Each person books from an address of their own (requests are counted per address). */
function newAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

const allDay = (weekdays = [1, 2, 3, 4, 5, 6, 7]) => weekdays.map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));

const names = { firstName: 'Ana', lastName: 'Souza', title: 'Dra.', gender: 'female' };

const baseAvailability: Availability = {
  weekly: allDay(),
  sessionMinutes: 50,
  bufferMinutes: 10,
  minNoticeHours: 0,
  maxDaysAhead: 14,
  modalities: ['in_person', 'online'],
  requiresApproval: false,
  cancellationNoticeHours: 24,
};

/** A professional whose page is on, with the availability given. */
async function professional(availability: Partial<Availability> = {}, timeZone = 'America/Sao_Paulo') {
  const { user, cookie } = await newSignedInUser(t, { timeZone, title: 'Dra.', firstName: 'Ana', lastName: 'Souza', profession: 'Psicóloga' });
  const slug = `ana-${user.username.slice(5)}`;
  const profile = await call('PUT', '/v1/users/me', cookie, { ...names, bookingSlug: slug, bookingEnabled: true });
  expect(profile.statusCode, profile.body).toBe(200);
  const saved = await call('PUT', '/v1/users/me/availability', cookie, { ...baseAvailability, ...availability });
  expect(saved.statusCode, saved.body).toBe(200);
  return { user, cookie, slug };
}

async function slotsOf(slug: string, from: string, to: string): Promise<BookingSlot[]> {
  const response = await call('GET', `/v1/booking/${slug}/slots?from=${from}&to=${to}`, null);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.slots as BookingSlot[];
}

const day = (offsetDays: number) => new Date(t.clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);

/** The first free slot from tomorrow on (online). */
async function firstSlot(slug: string): Promise<BookingSlot> {
  const slots = await slotsOf(slug, day(1), day(3));
  const slot = slots.find((item) => item.modality === 'online');
  expect(slot).toBeDefined();
  return slot!;
}

function person(email: string) {
  return { firstName: 'Bruno', lastName: 'Lima', email, phone: '11987654321', consent: true };
}

/** Asks for the slot and answers the token the confirmation mail carries. */
async function requestSlot(slug: string, slot: Pick<BookingSlot, 'startsAt' | 'modality'>, email: string): Promise<string> {
  const since = t.smtp.received.length;
  const response = await call('POST', `/v1/booking/${slug}/requests`, null, { startsAt: slot.startsAt, modality: slot.modality, ...person(email) }, newAddress());
  expect(response.statusCode, response.body).toBe(202);
  await t.mailCount();
  const mail = await t.smtp.waitFor(email.toLowerCase(), since);
  expect(mail.subject).toBe(b.mail.confirmSubject);
  expect(mail.text).toContain('http://consultorio.test/confirmar-agendamento?token=');
  return linkToken(mail);
}

function confirm(token: string) {
  return call('POST', '/v1/booking/requests/confirm', null, { token }, newAddress());
}

describe('the availability and the page', () => {
  it('keeps the availability, and the page answers only while it is on', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const initial = await call('GET', '/v1/users/me/availability', cookie);
    expect(initial.json().data).toMatchObject({ weekly: [], requiresApproval: false });
    const bad = await call('PUT', '/v1/users/me/availability', cookie, { ...baseAvailability, weekly: [{ weekday: 8, start: '10:00', end: '09:00' }] });
    expect(bad.statusCode).toBe(400);
    const weekly = [
      { weekday: 3, start: '14:00', end: '18:00' },
      { weekday: 1, start: '08:00', end: '12:00' },
    ];
    const saved = await call('PUT', '/v1/users/me/availability', cookie, { ...baseAvailability, weekly });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.weekly).toEqual([weekly[1], weekly[0]]);
    expect((await call('GET', '/v1/users/me/availability', cookie)).json().data).toEqual({ ...baseAvailability, weekly: [weekly[1], weekly[0]], intakeTemplateId: null });

    // Off by default; on only with an address; an address is one professional's.
    expect((await call('GET', '/v1/users/me', cookie)).json().data.user).toMatchObject({ bookingSlug: null, bookingEnabled: false });
    const noSlug = await call('PUT', '/v1/users/me', cookie, { ...names, bookingEnabled: true });
    expect(noSlug.json()).toEqual(failure(400, b.errors.slugInvalid));
    const slug = `dra-${user.username.slice(5)}`;
    expect((await call('PUT', '/v1/users/me', cookie, { ...names, bookingSlug: slug })).json().data.user).toMatchObject({ bookingSlug: slug, bookingEnabled: false });
    expect((await call('GET', `/v1/booking/${slug}`, null)).json()).toEqual(failure(404, b.errors.pageNotFound));
    await call('PUT', '/v1/users/me', cookie, { ...names, bookingEnabled: true });
    const page = await call('GET', `/v1/booking/${slug}`, null);
    expect(page.json().data.profile).toMatchObject({ name: 'Dra. Ana Souza', modalities: ['in_person', 'online'], timeZone: 'America/Sao_Paulo' });
    const other = await newSignedInUser(t);
    expect((await call('PUT', '/v1/users/me', other.cookie, { ...names, bookingSlug: slug })).json()).toEqual(failure(409, b.errors.slugTaken));
  });
});

describe('free slots', () => {
  it('follow the weekly hours on the wall clock of a zone with daylight saving, the notice, the buffer, the horizon and a series', async () => {
    // New York moves its clocks forward on 2030-03-10 at 02:00.
    const shift = (Date.parse('2030-03-01T12:00:00Z') - t.clock.now().getTime()) / 1000;
    t.clock.advance(shift);
    try {
      const weekly = [...[1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })), { weekday: 7, start: '01:00', end: '04:00' }];
      const { cookie, slug, user } = await professional({ weekly, minNoticeHours: 24, maxDaysAhead: 30, modalities: ['online'] }, 'America/New_York');
      const starts = async (from: string, to: string) => (await slotsOf(slug, from, to)).map((slot) => slot.startsAt);

      // 09:00, 10:00 and 11:00 (50 minutes and a 10-minute buffer), at -05:00 before the change and -04:00 after; 02:00 on the 10th does not exist.
      expect(await starts('2030-03-08', '2030-03-11')).toEqual([
        '2030-03-08T14:00:00.000Z',
        '2030-03-08T15:00:00.000Z',
        '2030-03-08T16:00:00.000Z',
        '2030-03-09T14:00:00.000Z',
        '2030-03-09T15:00:00.000Z',
        '2030-03-09T16:00:00.000Z',
        '2030-03-10T06:00:00.000Z',
        '2030-03-10T07:00:00.000Z',
        '2030-03-10T13:00:00.000Z',
        '2030-03-10T14:00:00.000Z',
        '2030-03-10T15:00:00.000Z',
        '2030-03-11T13:00:00.000Z',
        '2030-03-11T14:00:00.000Z',
        '2030-03-11T15:00:00.000Z',
      ]);
      // Notice: nothing in the next 24 hours (now is 07:00 on the 1st); horizon: nothing after 30 days.
      expect(await starts('2030-03-01', '2030-03-02')).toEqual(['2030-03-02T14:00:00.000Z', '2030-03-02T15:00:00.000Z', '2030-03-02T16:00:00.000Z']);
      expect(await starts('2030-04-01', '2030-04-02')).toEqual([]);

      // A weekly series at 10:30 (30 minutes) takes the 10:00 slot, and the buffer the 11:00 one, on both sides of the change.
      const patient = await newPatient(t, { owner: user });
      const series = await call('POST', '/v1/users/me/appointments', cookie, {
        patientId: patient.id,
        startsAt: '2030-03-08T10:30:00-05:00',
        durationMinutes: 30,
        recurrence: { frequency: 'weekly', count: 3 },
      });
      expect(series.statusCode, series.body).toBe(201);
      expect(await starts('2030-03-08', '2030-03-08')).toEqual(['2030-03-08T14:00:00.000Z']);
      expect(await starts('2030-03-15', '2030-03-15')).toEqual(['2030-03-15T13:00:00.000Z']);
      expect(await starts('2030-03-22', '2030-03-22')).toEqual(['2030-03-22T13:00:00.000Z']);
      expect(await starts('2030-03-29', '2030-03-29')).toHaveLength(3);

      // A range longer than 31 days is refused.
      expect((await call('GET', `/v1/booking/${slug}/slots?from=2030-03-01&to=2030-04-15`, null)).statusCode).toBe(400);
    } finally {
      t.clock.advance(-shift);
    }
  });
});

describe('a booking', () => {
  it('is held until the e-mail link confirms it, then becomes an appointment of a new or known patient', async () => {
    const { user, cookie, slug } = await professional();
    const slot = await firstSlot(slug);
    const email = `bruno.${user.username}@example.com`;
    const token = await requestSlot(slug, slot, email);
    // Held, not booked: the slot is still listed and the agenda has nothing.
    expect((await slotsOf(slug, day(1), day(3))).some((item) => item.startsAt === slot.startsAt)).toBe(true);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const booking = { startsAt: slot.startsAt, endsAt: slot.endsAt, timeZone: 'America/Sao_Paulo', modality: 'online', status: 'scheduled', professionalName: 'Dra. Ana Souza', location: null };
    expect(confirmed.json().data.appointment).toEqual({ ...booking, alreadyConfirmed: false });
    expect((await slotsOf(slug, day(1), day(3))).some((item) => item.startsAt === slot.startsAt)).toBe(false);
    // The link books once; opened again (the mail clicked twice, after the 30-minute hold) it says the booking was made, and keeps no personal data.
    t.clock.advance(40 * 60);
    try {
      const again = await confirm(token);
      expect([again.statusCode, again.json().data.appointment]).toEqual([201, { ...booking, alreadyConfirmed: true }]);
    } finally {
      t.clock.advance(-40 * 60);
    }
    const [used] = await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.ownerId, user.id));
    expect(used).toMatchObject({ firstName: '', lastName: null, email: '', phone: null, document: null });

    const booked = (await t.database.db.select().from(appointments).where(eq(appointments.ownerId, user.id)))[0]!;
    expect(booked).toMatchObject({ status: 'scheduled', modality: 'online' });
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.id, booked.patientId));
    expect(patient).toMatchObject({ firstName: 'Bruno', lastName: 'Lima', email, phone: '11987654321' });
    await t.mailCount();
    expect(t.smtp.mailsTo(user.email).map((mail) => mail.subject)).toContain(b.mail.newBookingSubject);
    // A notice has nothing to ignore; the confirmation mail (asked for with someone's address) says so once.
    expect(t.smtp.mailsTo(user.email).find((mail) => mail.subject === b.mail.newBookingSubject)!.text).not.toContain(messages.mail.ignore);
    const confirmation = t.smtp.mailsTo(email).find((mail) => mail.subject === b.mail.confirmSubject)!.text;
    expect(confirmation.split(messages.mail.ignore).length - 1).toBe(1);
    expect(confirmation).not.toContain('Se não foi você');

    // The same e-mail books again: the same patient, no duplicate; in person, the page says where.
    const office = 'Rua das Acácias, 45, sala 2';
    expect((await call('PUT', '/v1/users/me', cookie, { ...names, bookingSlug: slug, bookingEnabled: true, officeAddress: office })).statusCode).toBe(200);
    const next = (await slotsOf(slug, day(1), day(3))).find((item) => item.modality === 'in_person')!;
    const inPerson = await confirm(await requestSlot(slug, next, email.toUpperCase()));
    expect([inPerson.statusCode, inPerson.json().data.appointment.location]).toEqual([201, office]);
    const mine = await t.database.db.select().from(patients).where(eq(patients.ownerId, user.id));
    expect(mine).toHaveLength(1);
    const agenda = await call('GET', `/v1/users/me/appointments?from=${day(0)}T00:00:00Z&to=${day(4)}T00:00:00Z`, cookie);
    expect((agenda.json().data.appointments as Appointment[]).map((item) => item.patientName)).toEqual(['Bruno Lima', 'Bruno Lima']);
    // The professional's access log has the patient's bookings, with the patient's address: created once, the privacy terms accepted for each booking.
    const log = (await call('GET', `/v1/patients/${booked.patientId}/access-log?limit=50`, cookie)).json().data.accessLog as Array<{ action: string; entityType: string; ip: string | null }>;
    const bookingEntries = log.filter((entry) => entry.entityType !== 'access-log').map((entry) => `${entry.action} ${entry.entityType} ${entry.ip ? 'ip' : '-'}`).sort();
    expect(bookingEntries).toEqual(['consent booking-terms ip', 'consent booking-terms ip', 'create appointment ip', 'create appointment ip', 'create patient ip']);
  });

  it('refuses a slot that is not free, an unknown page, a hold after 30 minutes, and too many requests for one e-mail', async () => {
    const { user, slug } = await professional({ minNoticeHours: 48 });
    const tooSoon = new Date(t.clock.now().getTime() + 3_600_000);
    tooSoon.setUTCMinutes(0, 0, 0);
    const refused = await call('POST', `/v1/booking/${slug}/requests`, null, { startsAt: tooSoon.toISOString(), modality: 'online', ...person('x@example.com') });
    expect(refused.json()).toEqual(failure(409, b.errors.slotTaken));
    const noConsent = await call('POST', `/v1/booking/${slug}/requests`, null, { startsAt: tooSoon.toISOString(), modality: 'online', ...person('x@example.com'), consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect((await call('GET', '/v1/booking/nobody-here/slots?from=2030-01-01&to=2030-01-02', null)).statusCode).toBe(404);

    const slot = (await slotsOf(slug, day(3), day(4)))[0]!;
    const token = await requestSlot(slug, slot, `late.${user.username}@example.com`);
    t.clock.advance(31 * 60);
    try {
      expect((await confirm(token)).json()).toEqual(failure(404, b.errors.linkInvalid));
    } finally {
      t.clock.advance(-31 * 60);
    }

    const email = `many.${user.username}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await call('POST', `/v1/booking/${slug}/requests`, null, { startsAt: slot.startsAt, modality: slot.modality, ...person(email) }, newAddress());
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('gives one slot to exactly one of twenty confirmations racing for it', async () => {
    const { user, slug } = await professional();
    const slot = await firstSlot(slug);
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push(await requestSlot(slug, slot, `racer${i}.${user.username}@example.com`));
    const answers = await Promise.all(tokens.map((token) => confirm(token)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual(failure(409, b.errors.slotTaken));
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.ownerId, user.id), eq(appointments.startsAt, new Date(slot.startsAt))));
    expect(booked).toHaveLength(1);
    const claimed = await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.ownerId, user.id));
    expect(claimed.filter((request) => request.confirmedAt !== null)).toHaveLength(1);
  });

  it("awaits the professional's approval when asked: 'Aceitar' schedules it, 'Recusar' frees the slot; the patient is told", async () => {
    const { user, cookie, slug } = await professional({ requiresApproval: true });
    const [first, second] = (await slotsOf(slug, day(1), day(3))).filter((item) => item.modality === 'in_person');
    const email = `ana.${user.username}@example.com`;
    // The office's address is not said while the professional has not accepted (the public page never shows it).
    expect((await call('PUT', '/v1/users/me', cookie, { ...names, bookingSlug: slug, bookingEnabled: true, officeAddress: 'Rua das Acácias, 45' })).statusCode).toBe(200);
    const requested = await confirm(await requestSlot(slug, first!, email));
    expect(requested.json().data.appointment).toMatchObject({ status: 'requested', location: null });
    const other = await confirm(await requestSlot(slug, second!, email));
    expect(other.statusCode).toBe(201);
    // A requested appointment holds its slot.
    expect((await slotsOf(slug, day(1), day(3))).some((item) => item.startsAt === first!.startsAt)).toBe(false);

    const list = await call('GET', `/v1/users/me/appointments?from=${day(0)}T00:00:00Z&to=${day(4)}T00:00:00Z`, cookie);
    const [a, c] = list.json().data.appointments as Appointment[];
    expect([a!.status, c!.status]).toEqual(['requested', 'requested']);

    const stranger = await newSignedInUser(t);
    expect((await call('POST', `/v1/appointments/${a!.id}/accept`, stranger.cookie)).statusCode).toBe(404);
    const accepted = await call('POST', `/v1/appointments/${a!.id}/accept`, cookie);
    expect(accepted.json()).toMatchObject({ data: { appointment: { status: 'scheduled' } }, message: b.accepted });
    expect((await call('POST', `/v1/appointments/${a!.id}/accept`, cookie)).json()).toEqual(failure(409, b.errors.notRequested));
    const declined = await call('POST', `/v1/appointments/${c!.id}/decline`, cookie);
    expect(declined.json().data.appointment.status).toBe('cancelled');
    expect((await slotsOf(slug, day(1), day(3))).some((item) => item.startsAt === second!.startsAt)).toBe(true);
    await t.mailCount();
    const subjects = t.smtp.mailsTo(email).map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining([b.mail.acceptedSubject, b.mail.declinedSubject]));
  });

  it('sends the chosen intake questionnaire once, after a new patient’s first booking (once accepted when approval is on)', async () => {
    const { user, cookie, slug } = await professional();
    // Another professional's template is not one to choose; a bad id is bad input.
    const { user: stranger } = await newSignedInUser(t);
    const theirs = await newTemplate(t, { ownerId: stranger.id });
    const choose = (intakeTemplateId: unknown) => call('PUT', '/v1/users/me/availability', cookie, { ...baseAvailability, intakeTemplateId });
    expect((await choose(theirs.id)).json()).toEqual(failure(404, messages.errors.templateNotFound));
    expect((await choose('nao-e-um-id')).json()).toEqual(failure(400, b.errors.intakeTemplateInvalid));
    const template = await libraryTemplate(t, 'anamnese-psicologica');
    expect((await choose(template.id)).json().data.intakeTemplateId).toBe(template.id);
    // Left out of a later save, the choice stays.
    expect((await call('PUT', '/v1/users/me/availability', cookie, baseAvailability)).json().data.intakeTemplateId).toBe(template.id);

    const [first, second] = (await slotsOf(slug, day(1), day(3))).filter((item) => item.modality === 'online');
    const email = `novo.${user.username}@example.com`;
    const since = t.smtp.received.length;
    expect((await confirm(await requestSlot(slug, first!, email))).statusCode).toBe(201);
    await t.mailCount();
    const formMail = t.smtp.received.slice(since).find((mail) => mail.to.includes(email) && mail.subject === messages.measurement.mail.formSubject('Dra. Ana Souza'));
    expect(formMail?.text).toContain(template.name);
    expect(formMail?.text).toContain('http://consultorio.test/form-public-view?token=');
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.ownerId, user.id));
    const sent = await t.database.db.select().from(forms).where(eq(forms.patientId, patient!.id));
    expect(sent).toEqual([expect.objectContaining({ qaTemplateId: template.id, name: template.name, sentAt: expect.any(Date) })]);

    // The second booking is not a first one: no second questionnaire.
    expect((await confirm(await requestSlot(slug, second!, email))).statusCode).toBe(201);
    await t.mailCount();
    expect(await t.database.db.select().from(forms).where(eq(forms.patientId, patient!.id))).toHaveLength(1);

    // With approval on, it waits for 'Aceitar'.
    const approving = await professional({ requiresApproval: true, intakeTemplateId: template.id });
    const slot = (await slotsOf(approving.slug, day(1), day(3)))[0]!;
    const awaiting = `aguarda.${approving.user.username}@example.com`;
    expect((await confirm(await requestSlot(approving.slug, slot, awaiting))).json().data.appointment.status).toBe('requested');
    await t.mailCount();
    const [requester] = await t.database.db.select().from(patients).where(eq(patients.ownerId, approving.user.id));
    expect(await t.database.db.select().from(forms).where(eq(forms.patientId, requester!.id))).toHaveLength(0);
    const [requested] = await t.database.db.select().from(appointments).where(eq(appointments.ownerId, approving.user.id));
    expect((await call('POST', `/v1/appointments/${requested!.id}/accept`, approving.cookie)).statusCode).toBe(200);
    await t.mailCount();
    expect(await t.database.db.select().from(forms).where(eq(forms.patientId, requester!.id))).toHaveLength(1);
  });
});
