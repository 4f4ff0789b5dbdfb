// The patient portal: the invitation, sign-in by a one-time link (the same answer for unknown
// addresses), its cookie kept apart from the professional's, the terms accepted before anything
// is shown (the time kept and shown to the professional), the patient's views of two
// professionals apart, confirm, cancel inside and outside the notice, reschedule to a slot it
// lists, the receipts' and documents' PDFs, the open balance with its Pix code, ownership.
import { formatCents, messages, type BookingSlot, type PortalAppointment, type PortalBalance } from '@consultorio/shared';
import type { InjectOptions } from 'fastify';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';
import { readBrCode } from './helpers/emv';
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
  const { user, cookie } = await newSignedInUser(t, { firstName, lastName: 'Souza', title: 'Dra.', profession: 'Psicóloga', professionalRegistration: 'CRP 06/123456', city: 'São Paulo' });
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

async function book(cookie: string, patientId: string, startsAt: Date, modality: 'online' | 'in_person' = 'in_person', feeCents = 0) {
  const response = await call('POST', '/v1/users/me/appointments', cookie, { patientId, startsAt: startsAt.toISOString(), durationMinutes: 50, modality, allowOverlap: true, feeCents });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as { id: string; startsAt: string };
}

/** An hour from now on, on the hour (the page's slots start on the hour). */
function onTheHour(hoursFromNow: number): Date {
  const date = new Date(t.clock.now().getTime() + hoursFromNow * HOUR);
  date.setUTCMinutes(0, 0, 0);
  return date;
}

/** Invites the patient, signs in with the mailed link and (unless told not to) accepts the terms; answers the portal's cookie. */
async function invitedAndSignedIn(cookie: string, patientId: string, email: string, accept = true): Promise<string> {
  const since = t.smtp.received.length;
  const invited = await call('POST', `/v1/patients/${patientId}/portal-invitation`, cookie);
  expect(invited.statusCode, invited.body).toBe(202);
  await t.mailCount();
  const mail = t.smtp.received.slice(since).find((item) => item.to.includes(email) && item.subject === p.mail.inviteSubject)!;
  expect(mail).toBeDefined();
  expect(mail.text).toContain('http://consultorio.test/portal?token=');
  // An invitation was asked for by no one: it says why it came, not to ignore a request.
  expect([mail.text.includes(p.mail.inviteFooter), mail.text.includes(messages.mail.ignore)]).toEqual([true, false]);
  const portalCookie = await signIn(linkToken(mail));
  if (accept) await acceptTerms(portalCookie);
  return portalCookie;
}

async function acceptTerms(portalCookie: string) {
  const accepted = await call('POST', '/v1/portal/consent', portalCookie, { accept: true });
  expect(accepted.json(), accepted.body).toMatchObject({ status: 200, data: { consent: { required: false } }, message: p.consent.accepted });
  return accepted.json().data.consent as { acceptedAt: string };
}

async function signIn(token: string): Promise<string> {
  const response = await call('POST', '/v1/portal/sessions', null, { token });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = response.cookies.find((item) => item.name === 'portal_sid');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return `portal_sid=${cookie!.value}`;
}

/** The portal's entries in the professional's access log about the patient, as 'action entity' (sorted: the test clock may give them one time). */
async function portalLog(cookie: string, patientId: string, entityTypes = ['portal']): Promise<string[]> {
  const response = await call('GET', `/v1/patients/${patientId}/access-log?limit=100`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const entries = response.json().data.accessLog as Array<{ action: string; entityType: string; entityId: string; ip: string | null }>;
  return entries
    .filter((entry) => entityTypes.includes(entry.entityType))
    .map((entry) => `${entry.action} ${entry.entityType} ${entry.entityId === patientId ? '' : entry.entityId} ${entry.ip ? 'ip' : '-'}`.replace(/ +/g, ' '))
    .sort();
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
    // A new professional's invitation: the terms again, naming them, before anything is shown.
    expect((await call('GET', '/v1/portal/appointments', portalCookie)).json()).toEqual({ ...failure(403, p.errors.consentRequired), code: 'PORTAL_CONSENT_REQUIRED' });
    expect((await call('GET', '/v1/portal/consent', portalCookie)).json().data.consent).toMatchObject({ required: true, professionals: ['Dra. Beatriz Souza'] });
    await acceptTerms(portalCookie);
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

    for (const list of ['forms', 'receipts', 'documents', 'balances']) {
      const response = await call('GET', `/v1/portal/${list === 'balances' ? 'balance' : list}`, portalCookie);
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

    // A slot the portal lists for it (one per start, in its modality: the page offers both), two days later.
    const day = new Date(Date.parse(moving.startsAt) + 48 * HOUR).toISOString().slice(0, 10);
    const pageSlots = (await call('GET', `/v1/booking/${slug}/slots?from=${day}&to=${day}`, null)).json().data.slots as BookingSlot[];
    const listed = await call('GET', `/v1/portal/appointments/${moving.id}/slots?from=${day}&to=${day}`, portalCookie);
    const slots = listed.json().data.slots as BookingSlot[];
    expect(slots.map((slot) => slot.startsAt)).toEqual([...new Set(pageSlots.map((slot) => slot.startsAt))]);
    expect(new Set(slots.map((slot) => slot.modality))).toEqual(new Set(['in_person']));
    expect((await call('GET', `/v1/portal/appointments/${moving.id}/slots?from=${day}&to=2099-01-01`, portalCookie)).statusCode).toBe(400);
    const target = slots[4]!;
    const moved = await call('POST', `/v1/portal/appointments/${moving.id}/reschedule`, portalCookie, { startsAt: target.startsAt });
    expect(moved.json()).toMatchObject({ data: { appointment: { startsAt: target.startsAt, endsAt: target.endsAt } }, message: p.rescheduled });
    const taken = await call('POST', `/v1/portal/appointments/${moving.id}/reschedule`, portalCookie, { startsAt: soon.startsAt });
    expect(taken.json()).toEqual(failure(409, messages.booking.errors.slotTaken));
    const offGrid = new Date(Date.parse(target.startsAt) + 7 * 60_000).toISOString();
    expect((await call('POST', `/v1/portal/appointments/${moving.id}/reschedule`, portalCookie, { startsAt: offGrid })).statusCode).toBe(409);
    // Another patient's appointment has no slots here.
    const other = await newPatient(t, { owner: user, email: `vizinha.${Date.now()}@example.com` });
    const notMine = await book(cookie, other.id, onTheHour(120));
    expect((await call('GET', `/v1/portal/appointments/${notMine.id}/slots?from=${day}&to=${day}`, portalCookie)).statusCode).toBe(404);
  });
});

describe("the portal's terms", () => {
  it('show nothing before they are accepted, keep the time of acceptance and show it to the professional only', async () => {
    const email = `termos.${Date.now()}@example.com`;
    const { cookie, patient, user } = await practice(email);
    const session = await book(cookie, patient.id, onTheHour(48));
    const neighbour = await newPatient(t, { owner: user, email: `vizinho.${Date.now()}@example.com` });
    await call('POST', `/v1/patients/${neighbour.id}/portal-invitation`, cookie);
    const access = () => call('GET', `/v1/patients/${patient.id}/portal-access`, cookie);
    expect((await access()).json().data.access).toEqual({ invitedAt: null, acceptedAt: null, withdrawnAt: null });

    const portalCookie = await invitedAndSignedIn(cookie, patient.id, email, false);
    const refused = { ...failure(403, p.errors.consentRequired), code: 'PORTAL_CONSENT_REQUIRED' };
    for (const [method, url] of [
      ['GET', '/v1/portal/appointments'],
      ['GET', '/v1/portal/forms'],
      ['GET', '/v1/portal/receipts'],
      ['GET', '/v1/portal/documents'],
      ['GET', '/v1/portal/balance'],
      ['GET', `/v1/portal/receipts/${session.id}/pdf`],
      ['POST', `/v1/portal/appointments/${session.id}/confirm`],
    ] as const) {
      expect((await call(method, url, portalCookie)).json(), url).toEqual(refused);
    }
    const shown = (await call('GET', '/v1/portal/consent', portalCookie)).json().data.consent;
    expect(shown).toEqual({ required: true, professionals: ['Dra. Ana Souza'], pendingSince: expect.any(String), acceptedAt: null });
    expect((await call('GET', '/v1/portal/consent', null)).statusCode).toBe(401);
    expect((await access()).json().data.access).toMatchObject({ invitedAt: expect.any(String), acceptedAt: null });
    expect((await call('POST', '/v1/portal/consent', portalCookie, { accept: false })).json()).toEqual(failure(400, p.errors.consentRequired));

    // Another professional invites the same address while the terms are on screen: accepting what was shown does not accept theirs.
    const later = await practice(email, 'Beatriz');
    expect((await call('POST', `/v1/patients/${later.patient.id}/portal-invitation`, later.cookie)).statusCode).toBe(202);
    const acceptedAt = t.clock.now().getTime();
    const partly = await call('POST', '/v1/portal/consent', portalCookie, { accept: true, pendingSince: shown.pendingSince });
    expect(partly.json().data.consent).toMatchObject({ required: true, professionals: ['Dra. Beatriz Souza'] });
    expect((await call('GET', '/v1/portal/appointments', portalCookie)).statusCode).toBe(403);
    const kept = (await access()).json().data.access.acceptedAt as string;
    expect(Math.abs(Date.parse(kept) - acceptedAt)).toBeLessThan(5_000);
    expect((await call('GET', `/v1/patients/${later.patient.id}/portal-access`, later.cookie)).json().data.access.acceptedAt).toBeNull();
    const { acceptedAt: latest } = await acceptTerms(portalCookie);
    expect(Date.parse(latest)).toBeGreaterThanOrEqual(Date.parse(kept));
    expect((await appointmentsOf(portalCookie)).map((item) => item.id)).toEqual([session.id]);
    // Accepting again later keeps the first times; the professional sees theirs; the neighbour invited by the same professional has not accepted anything.
    t.clock.advance(3600);
    expect((await acceptTerms(portalCookie)).acceptedAt).toBe(latest);
    expect((await access()).json().data.access.acceptedAt).toBe(kept);
    expect((await call('GET', `/v1/patients/${neighbour.id}/portal-access`, cookie)).json().data.access).toMatchObject({ acceptedAt: null });
    // Another professional's patient: 404; the portal's cookie is no professional session.
    const { cookie: otherCookie } = await newSignedInUser(t);
    expect((await call('GET', `/v1/patients/${patient.id}/portal-access`, otherCookie)).statusCode).toBe(404);
    expect((await call('GET', `/v1/patients/${patient.id}/portal-access`, portalCookie)).statusCode).toBe(401);

    // 'Revogar acesso ao portal': only by the patient's professional; the open session then shows nothing of theirs.
    expect((await call('DELETE', `/v1/patients/${patient.id}/portal-invitation`, otherCookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/patients/${patient.id}/portal-invitation`, portalCookie)).statusCode).toBe(401);
    expect((await call('DELETE', `/v1/patients/${patient.id}/portal-invitation`, cookie)).json()).toMatchObject({ status: 200, message: p.revoked });
    expect((await access()).json().data.access).toEqual({ invitedAt: null, acceptedAt: null, withdrawnAt: null });
    expect(await appointmentsOf(portalCookie)).toEqual([]);
    // Invited again: the terms are asked for again before anything is shown.
    expect((await call('POST', `/v1/patients/${patient.id}/portal-invitation`, cookie)).statusCode).toBe(202);
    expect((await call('GET', '/v1/portal/appointments', portalCookie)).json()).toEqual(refused);
    // The revoked invitation's story stays in the professional's access log (the consent with the patient's address); the other professional's log has only theirs.
    expect(await portalLog(cookie, patient.id)).toEqual(['consent portal ip', 'invite portal ip', 'invite portal ip', 'revoke portal ip']);
    expect(await portalLog(later.cookie, later.patient.id)).toEqual(['consent portal ip', 'invite portal ip']);
  });

  it('can be withdrawn by the patient in the portal: every session of the address ends, each professional sees when, and signing in shows the terms again', async () => {
    const email = `retira.${Date.now()}@example.com`;
    const first = await practice(email);
    const second = await practice(email, 'Beatriz');
    const session = await book(first.cookie, first.patient.id, onTheHour(48));
    const portalCookie = await invitedAndSignedIn(first.cookie, first.patient.id, email);
    const otherDevice = await invitedAndSignedIn(second.cookie, second.patient.id, email);
    expect((await call('GET', '/v1/portal/consent', portalCookie)).json().data.consent.required).toBe(false);
    const access = async (cookie: string, patientId: string) =>
      (await call('GET', `/v1/patients/${patientId}/portal-access`, cookie)).json().data.access as { invitedAt: string | null; acceptedAt: string | null; withdrawnAt: string };

    // Without a portal session, or with the professional's: 401, nothing withdrawn.
    expect((await call('DELETE', '/v1/portal/consent', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/v1/portal/consent', first.cookie)).statusCode).toBe(401);
    expect((await access(first.cookie, first.patient.id)).withdrawnAt).toBeNull();

    // A sign-in link asked for before the withdrawal and read after it opens nothing.
    const since = t.smtp.received.length;
    expect((await call('POST', '/v1/portal/sessions/request', null, { email })).statusCode).toBe(202);
    await t.mailCount();
    const unused = t.smtp.received.slice(since).find((item) => item.to.includes(email) && item.subject === p.mail.signInSubject)!;
    expect(unused).toBeDefined();

    t.clock.advance(60);
    const withdrawn = await call('DELETE', '/v1/portal/consent', portalCookie);
    expect(withdrawn.json()).toEqual({ status: 200, data: null, message: p.consent.withdrawn });
    expect(withdrawn.headers['set-cookie']).toMatch(/^portal_sid=;/);
    for (const cookie of [portalCookie, otherDevice]) expect((await call('GET', '/v1/portal/consent', cookie)).statusCode).toBe(401);
    for (const { cookie, patient } of [first, second]) {
      const seen = await access(cookie, patient.id);
      expect(seen).toMatchObject({ invitedAt: expect.any(String), acceptedAt: null });
      expect(Math.abs(Date.parse(seen.withdrawnAt) - t.clock.now().getTime())).toBeLessThan(5_000);
    }

    expect((await call('POST', '/v1/portal/sessions', null, { token: linkToken(unused) })).json()).toEqual(failure(404, p.errors.linkInvalid));

    // Signing in again: the terms first; accepted again, the withdrawal is no longer shown.
    const again = await invitedAndSignedIn(first.cookie, first.patient.id, email, false);
    const asked = (await call('GET', '/v1/portal/consent', again)).json().data.consent as { required: boolean; professionals: string[] };
    expect([asked.required, [...asked.professionals].sort()]).toEqual([true, ['Dra. Ana Souza', 'Dra. Beatriz Souza']]);
    expect((await call('GET', '/v1/portal/appointments', again)).statusCode).toBe(403);
    await acceptTerms(again);
    expect(await access(first.cookie, first.patient.id)).toMatchObject({ acceptedAt: expect.any(String), withdrawnAt: null });
    expect((await appointmentsOf(again)).map((item) => item.id)).toEqual([session.id]);
    // Each professional's access log keeps when the consent was given, withdrawn and given again.
    expect(await portalLog(first.cookie, first.patient.id)).toEqual(['consent portal ip', 'consent portal ip', 'invite portal ip', 'invite portal ip', 'withdraw portal ip']);
    expect(await portalLog(second.cookie, second.patient.id)).toEqual(['consent portal ip', 'consent portal ip', 'invite portal ip', 'withdraw portal ip']);
  });
});

/** The text of a PDF, as the finance and receipt tests read it (unpdf). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe("the patient's files and balance", () => {
  it('downloads their own receipts and issued documents as PDFs, and no one else’s', async () => {
    const email = `arquivos.${Date.now()}@example.com`;
    const { cookie, patient, user } = await practice(email);
    const held = await book(cookie, patient.id, onTheHour(-72), 'in_person', 15000);
    const paid = await call('POST', '/v1/users/me/payments', cookie, { patientId: patient.id, appointmentIds: [held.id], amountCents: 15000, method: 'pix', paidAt: '2025-03-20' });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json().data.payment as { id: string; receiptNumber: number };
    await call('PUT', `/v1/appointments/${held.id}`, cookie, { status: 'attended' });
    const draft = await call('POST', `/v1/patients/${patient.id}/documents`, cookie, { kind: 'declaracao', purpose: 'Apresentação ao empregador', recipient: 'Empresa Exemplo Ltda.', appointmentIds: [held.id] });
    expect(draft.statusCode, draft.body).toBe(201);
    const documentId = draft.json().data.document.id as string;
    const unissued = await call('POST', `/v1/patients/${patient.id}/documents`, cookie, { kind: 'declaracao', purpose: 'Rascunho', recipient: 'Ninguém', appointmentIds: [held.id] });
    expect((await call('POST', `/v1/documents/${documentId}/issue`, cookie)).statusCode).toBe(200);
    const portalCookie = await invitedAndSignedIn(cookie, patient.id, email);

    const receipts = (await call('GET', '/v1/portal/receipts', portalCookie)).json().data.receipts as Array<{ id: string }>;
    expect(receipts.map((item) => item.id)).toEqual([payment.id]);
    const receipt = await call('GET', `/v1/portal/receipts/${payment.id}/pdf`, portalCookie);
    expect(receipt.statusCode, receipt.body.slice(0, 200)).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toContain(`filename="recibo-${payment.receiptNumber}.pdf"`);
    const receiptText = await pdfText(receipt.rawPayload);
    expect(receiptText).toContain('RECIBO');
    expect(receiptText).toContain('Carla Mendes');
    expect(receiptText).toContain(formatCents(15000).replace(/\s/g, ' '));

    const documents = (await call('GET', '/v1/portal/documents', portalCookie)).json().data.documents as Array<{ id: string }>;
    expect(documents.map((item) => item.id)).toEqual([documentId]);
    const document = await call('GET', `/v1/portal/documents/${documentId}/pdf`, portalCookie);
    expect(document.statusCode, document.body.slice(0, 200)).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const documentText = await pdfText(document.rawPayload);
    expect(documentText).toContain('Declaração');
    expect(documentText).toContain('Empresa Exemplo Ltda.');
    // The same file the professional downloads.
    expect(document.rawPayload.equals((await call('GET', `/v1/documents/${documentId}/pdf`, cookie)).rawPayload)).toBe(true);

    // A draft, another patient's receipt and document, an unknown id: 404; no cookie: 401.
    expect((await call('GET', `/v1/portal/documents/${unissued.json().data.document.id}/pdf`, portalCookie)).json()).toEqual(failure(404, messages.documents.errors.notFound));
    const other = await newPatient(t, { owner: user, email: `alheio.${Date.now()}@example.com` });
    const otherHeld = await book(cookie, other.id, onTheHour(-96), 'in_person', 15000);
    const otherPaid = await call('POST', '/v1/users/me/payments', cookie, { patientId: other.id, appointmentIds: [otherHeld.id], amountCents: 15000, method: 'cash', paidAt: '2025-03-20' });
    expect((await call('GET', `/v1/portal/receipts/${otherPaid.json().data.payment.id}/pdf`, portalCookie)).json()).toEqual(failure(404, messages.errors.paymentNotFound));
    expect((await call('GET', `/v1/portal/documents/${otherHeld.id}/pdf`, portalCookie)).statusCode).toBe(404);
    expect((await call('GET', `/v1/portal/receipts/${payment.id}/pdf`, null)).statusCode).toBe(401);
    // What the patient downloaded is in the professional's access log, with their address; the refused attempts are not.
    expect(await portalLog(cookie, patient.id, ['portal-receipt', 'portal-document'])).toEqual([`download portal-document ${documentId} ip`, `download portal-receipt ${payment.id} ip`].sort());
    expect(await portalLog(cookie, other.id, ['portal-receipt', 'portal-document'])).toEqual([]);
    // A cancelled receipt is no longer the patient's to download.
    expect((await call('POST', `/v1/payments/${payment.id}/void`, cookie, { reason: 'Lançado por engano' })).statusCode).toBe(200);
    expect((await call('GET', `/v1/portal/receipts/${payment.id}/pdf`, portalCookie)).statusCode).toBe(404);
  });

  it('shows the sessions held and unpaid with a Pix code for the amount, or without one when the professional has no Pix key', async () => {
    const email = `saldo.${Date.now()}@example.com`;
    const { cookie, patient } = await practice(email);
    await book(cookie, patient.id, onTheHour(-48), 'in_person', 15000);
    await book(cookie, patient.id, onTheHour(-24), 'in_person', 10050);
    // Not held yet: not owed yet.
    await book(cookie, patient.id, onTheHour(48), 'in_person', 15000);
    const portalCookie = await invitedAndSignedIn(cookie, patient.id, email);
    const balances = async () => (await call('GET', '/v1/portal/balance', portalCookie)).json().data.balances as PortalBalance[];
    expect(await balances()).toEqual([{ professionalName: 'Dra. Ana Souza', balanceCents: 25050, sessions: 2, pix: null }]);

    const profile = await call('PUT', '/v1/users/me', cookie, { firstName: 'Ana', lastName: 'Souza', title: 'Dra.', gender: 'female', city: 'São Paulo', pixKey: 'ana@example.com' });
    expect(profile.statusCode, profile.body).toBe(200);
    const [balance] = await balances();
    expect(balance!.pix!.qrCode).toMatch(/^data:image\/png;base64,/);
    // Read again without the library that wrote it: the lengths, the CRC, the amount (field 54).
    expect(readBrCode(balance!.pix!.payload).get('54')).toBe('250.50');
    const parsed = parsePix(balance!.pix!.payload);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`not a static Pix: ${JSON.stringify(parsed)}`);
    expect(parsed).toMatchObject({ pixKey: 'ana@example.com', transactionAmount: 250.5, merchantName: 'ANA SOUZA', merchantCity: 'SAO PAULO', txid: patient.id.replace(/-/g, '').slice(0, 25).toUpperCase() });
  });
});
