// The patient portal: the invitation, sign-in by a one-time link (the same answer for unknown
// addresses), its cookie kept apart from the professional's, the patient's views of two
// professionals apart, confirm, cancel inside and outside the notice, reschedule, ownership.
import { messages, type BookingSlot, type PortalAppointment } from '@consultorio/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';
import { linkToken } from './helpers/smtp';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const p = messages.portal;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });
const HOUR = 3_600_000;

function call(method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) {
  return t.request({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A professional with a booking page open all week (sessions of 50 minutes, 10 between), and their patient with `email`. */
async function practice(email: string, firstName = 'Ana') {
  const { user, cookie } = await newSignedInUser(t, { firstName, lastName: 'Souza', title: 'Dra.' });
  const slug = `p-${user.username.slice(5)}`;
  await call('PUT', '/v1/users/me', cookie, { firstName, lastName: 'Souza', title: 'Dra.', gender: 'female', bookingSlug: slug, bookingEnabled: true });
  const availability = {
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    sessionMinutes: 50,
    bufferMinutes: 10,
    minNoticeHours: 0,
    maxDaysAhead: 14,
    modalities: ['in_person', 'online'],
    requiresApproval: false,
    cancellationNoticeHours: 24,
  };
  expect((await call('PUT', '/v1/users/me/availability', cookie, availability)).statusCode).toBe(200);
  const patient = await newPatient(t, { owner: user, firstName: 'Carla', lastName: 'Mendes', email });
  return { user, cookie, slug, patient };
}

async function book(cookie: string, patientId: string, startsAt: Date, modality: 'online' | 'in_person' = 'in_person') {
  const response = await call('POST', '/v1/users/me/appointments', cookie, { patientId, startsAt: startsAt.toISOString(), durationMinutes: 50, modality, allowOverlap: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as { id: string; startsAt: string };
}

/** An hour from now on, on the hour (the page's slots start on the hour). */
function onTheHour(hoursFromNow: number): Date {
  const date = new Date(t.clock.now().getTime() + hoursFromNow * HOUR);
  date.setUTCMinutes(0, 0, 0);
  return date;
}

/** Invites the patient and signs in with the mailed link; answers the portal's cookie. */
async function invitedAndSignedIn(cookie: string, patientId: string, email: string): Promise<string> {
  const since = t.smtp.received.length;
  const invited = await call('POST', `/v1/patients/${patientId}/portal-invitation`, cookie);
  expect(invited.statusCode, invited.body).toBe(202);
  await t.mailCount();
  const mail = t.smtp.received.slice(since).find((item) => item.to.includes(email) && item.subject === p.mail.inviteSubject)!;
  expect(mail).toBeDefined();
  expect(mail.text).toContain('http://consultorio.test/portal?token=');
  return signIn(linkToken(mail));
}

async function signIn(token: string): Promise<string> {
  const response = await call('POST', '/v1/portal/sessions', null, { token });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = response.cookies.find((item) => item.name === 'portal_sid');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return `portal_sid=${cookie!.value}`;
}

async function appointmentsOf(portalCookie: string): Promise<PortalAppointment[]> {
  const response = await call('GET', '/v1/portal/appointments', portalCookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.appointments as PortalAppointment[];
}

describe('signing in', () => {
  it('takes a one-time link, answers unknown addresses alike, and keeps the two cookies apart', async () => {
    const email = `carla.${Date.now()}@example.com`;
    const { cookie, patient } = await practice(email);
    // Nobody is invited yet: the same answer, and no mail.
    const before = t.smtp.received.length;
    const unknown = await call('POST', '/v1/portal/sessions/request', null, { email });
    expect(unknown.json()).toMatchObject({ status: 202, message: p.linkSent });
    expect(await t.mailCount()).toBe(before);

    const portalCookie = await invitedAndSignedIn(cookie, patient.id, email);
    const since = t.smtp.received.length;
    expect((await call('POST', '/v1/portal/sessions/request', null, { email: email.toUpperCase() })).json()).toMatchObject({ status: 202, message: p.linkSent });
    const token = linkToken(await t.smtp.waitFor(email, since));
    await signIn(token);
    // Once only.
    expect((await call('POST', '/v1/portal/sessions', null, { token })).json()).toEqual(failure(404, p.errors.linkInvalid));

    // The portal's cookie opens no professional route, the professional's no portal route.
    expect((await call('GET', '/v1/users/me', portalCookie)).statusCode).toBe(401);
    expect((await call('GET', `/v1/patients/${patient.id}`, portalCookie)).statusCode).toBe(401);
    expect((await call('GET', '/v1/portal/appointments', cookie)).statusCode).toBe(401);
    expect((await call('GET', '/v1/portal/forms', null)).statusCode).toBe(401);
    expect((await call('GET', '/v1/portal/appointments', portalCookie)).statusCode).toBe(200);

    // Inviting needs an address, and the professional's own patient.
    const { user: owner } = await newSignedInUser(t);
    const stranger = await newPatient(t, { owner, email: null });
    expect((await call('POST', `/v1/patients/${stranger.id}/portal-invitation`, cookie)).statusCode).toBe(404);
    const noEmail = await newPatient(t, { owner: { id: patient.ownerId }, email: null });
    expect((await call('POST', `/v1/patients/${noEmail.id}/portal-invitation`, cookie)).json()).toEqual(failure(409, p.noEmail));

    const signedOut = await call('DELETE', '/v1/portal/sessions', portalCookie);
    expect(signedOut.statusCode).toBe(200);
    expect((await call('GET', '/v1/portal/appointments', portalCookie)).statusCode).toBe(401);
  });
});

describe("the patient's views", () => {
  it("show each professional's appointments apart, only the patient's own, and the lists", async () => {
    const email = `duas.${Date.now()}@example.com`;
    const first = await practice(email, 'Ana');
    const second = await practice(email, 'Beatriz');
    const online = await book(first.cookie, first.patient.id, onTheHour(48), 'online');
    const inPerson = await book(second.cookie, second.patient.id, onTheHour(72));
    const portalCookie = await invitedAndSignedIn(first.cookie, first.patient.id, email);
    // Only the first professional invited: only theirs.
    expect((await appointmentsOf(portalCookie)).map((item) => item.id)).toEqual([online.id]);
    await call('POST', `/v1/patients/${second.patient.id}/portal-invitation`, second.cookie);
    const seen = await appointmentsOf(portalCookie);
    expect(seen.map((item) => [item.id, item.professionalName])).toEqual([
      [online.id, 'Dra. Ana Souza'],
      [inPerson.id, 'Dra. Beatriz Souza'],
    ]);
    expect(seen[0]!.videoUrl).toMatch(/^http:\/\/consultorio\.test\/sala\?token=/);
    expect(seen[1]!.videoUrl).toBeNull();

    // Another patient's appointment: 404.
    const other = await newPatient(t, { owner: first.user, email: `outra.${Date.now()}@example.com` });
    const notMine = await book(first.cookie, other.id, onTheHour(96));
    expect((await call('POST', `/v1/portal/appointments/${notMine.id}/cancel`, portalCookie, {})).json()).toEqual(failure(404, messages.errors.appointmentNotFound));
    expect((await call('POST', `/v1/portal/appointments/${notMine.id}/confirm`, portalCookie)).statusCode).toBe(404);

    for (const list of ['forms', 'receipts', 'documents']) {
      const response = await call('GET', `/v1/portal/${list}`, portalCookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data[list]).toEqual([]);
    }
  });

  it('confirms, cancels outside the notice (not inside it), and reschedules to a free slot only', async () => {
    const email = `agenda.${Date.now()}@example.com`;
    const { cookie, slug, patient, user } = await practice(email);
    const soon = await book(cookie, patient.id, onTheHour(3));
    const later = await book(cookie, patient.id, onTheHour(50));
    const moving = await book(cookie, patient.id, onTheHour(74));
    const portalCookie = await invitedAndSignedIn(cookie, patient.id, email);
    const views = await appointmentsOf(portalCookie);
    expect(views.map((item) => item.changeable)).toEqual([false, true, true]);

    const confirmed = await call('POST', `/v1/portal/appointments/${soon.id}/confirm`, portalCookie);
    expect(confirmed.json()).toMatchObject({ data: { appointment: { status: 'confirmed' } }, message: p.confirmed });
    expect((await call('POST', `/v1/portal/appointments/${soon.id}/cancel`, portalCookie, {})).json()).toEqual(failure(409, p.errors.tooLateToCancel(24)));
    const cancelled = await call('POST', `/v1/portal/appointments/${later.id}/cancel`, portalCookie, { reason: 'Viagem' });
    expect(cancelled.json()).toMatchObject({ data: { appointment: { status: 'cancelled' } }, message: p.cancelled });
    await t.mailCount();
    expect(t.smtp.mailsTo(user.email).length).toBeGreaterThan(0);
    expect((await call('POST', `/v1/portal/appointments/${later.id}/cancel`, portalCookie, {})).statusCode).toBe(409);

    // A slot the page offers, two days later; not the time of another appointment.
    const day = new Date(Date.parse(moving.startsAt) + 48 * HOUR).toISOString().slice(0, 10);
    const slots = (await call('GET', `/v1/booking/${slug}/slots?from=${day}&to=${day}`, null)).json().data.slots as BookingSlot[];
    const target = slots[4]!;
    const moved = await call('POST', `/v1/portal/appointments/${moving.id}/reschedule`, portalCookie, { startsAt: target.startsAt });
    expect(moved.json()).toMatchObject({ data: { appointment: { startsAt: target.startsAt, endsAt: target.endsAt } }, message: p.rescheduled });
    const taken = await call('POST', `/v1/portal/appointments/${moving.id}/reschedule`, portalCookie, { startsAt: soon.startsAt });
    expect(taken.json()).toEqual(failure(409, messages.booking.errors.slotTaken));
    const offGrid = new Date(Date.parse(target.startsAt) + 7 * 60_000).toISOString();
    expect((await call('POST', `/v1/portal/appointments/${moving.id}/reschedule`, portalCookie, { startsAt: offGrid })).statusCode).toBe(409);
  });
});
