// Reminders and notices by WhatsApp against a fake Graph API on loopback: the patient's consent,
// templates with buttons at each lead time, the signed webhook (a button confirms or cancels once,
// a bad signature changes nothing, a repeated delivery is ignored, statuses are kept, 'PARAR' opts
// out), the fall back to e-mail, and two instances sending each reminder once.
import { messages, type Appointment, type AppointmentMessage } from '@consultorio/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/build-app';
import { createTestDatabase, testDriver } from './helpers/database';
import { FakeWhatsapp } from './helpers/fake-whatsapp';
import { fastQueueEnv, HOUR, waitUntil } from './helpers/instances';
import { TestSmtpServer } from './helpers/smtp';
import { newPatient } from './factories/patients';
import { newSignedInUser, signIn } from './factories/users';

const APP_SECRET = 'segredo-do-app';
const whatsappEnv = (apiUrl: string) => ({
  WHATSAPP_TOKEN: 'token-de-teste',
  WHATSAPP_PHONE_NUMBER_ID: '1000',
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'verifica-isto',
  WHATSAPP_API_URL: apiUrl,
  // One retry, so a failing send falls back within the test.
  JOB_RETRY_LIMIT: '1',
});

let t: TestApp;
let fake: FakeWhatsapp;
beforeAll(async () => {
  fake = new FakeWhatsapp(APP_SECRET);
  t = await createTestApp({ env: whatsappEnv(await fake.start()) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function call(method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) {
  return t.request({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A Brazilian mobile number ('11 9xxxx-xxxx') of its own, so 'PARAR' of one test touches no other patient. */
function newMobile(): string {
  return `119${7 + Math.floor(Math.random() * 3)}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}
/** A professional (WhatsApp reminders 48 h and 2 h before, e-mail 24 h) and a patient who opted in through the API. */
async function setup(app: TestApp = t) {
  const { user, cookie } = await newSignedInUser(app, { emailReminderLeadHours: [24], whatsappReminderLeadHours: [48, 2], officeAddress: 'Rua das Flores, 10' });
  const phone = newMobile();
  const patient = await newPatient(app, { owner: user, firstName: 'Carla', lastName: 'Mendes', email: `carla.${user.username}@example.com`, phone });
  const optIn = await app.request({
    method: 'PUT',
    url: `/v1/patients/${patient.id}`,
    headers: { cookie },
    payload: { firstName: 'Carla', lastName: 'Mendes', email: patient.email, phone, whatsappOptIn: true },
  });
  expect(optIn.statusCode, optIn.body).toBe(200);
  return { user, cookie, patient, to: `55${phone}` };
}

/** The WhatsApp consent's entries in the professional's access log about the patient (sorted: one test time), with or without an address. */
async function consentLog(cookie: string, patientId: string): Promise<string[]> {
  const entries = (await call('GET', `/v1/patients/${patientId}/access-log?limit=100`, cookie)).json().data.accessLog as Array<{ action: string; entityType: string; ip: string | null }>;
  return entries.filter((entry) => entry.entityType === 'whatsapp').map((entry) => `${entry.action} ${entry.ip ? 'ip' : '-'}`).sort();
}

function hoursAhead(app: TestApp, hours: number): string {
  const at = new Date(app.clock.now().getTime() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

async function book(app: TestApp, cookie: string, body: Record<string, unknown>): Promise<Appointment> {
  const response = await app.request({ method: 'POST', url: '/v1/users/me/appointments', headers: { cookie }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as Appointment;
}

async function tick(): Promise<void> {
  await t.app.agendaTick();
  await t.app.jobs.idle();
}

async function messagesOf(cookie: string, appointmentId: string): Promise<AppointmentMessage[]> {
  await t.app.jobs.idle();
  const response = await call('GET', `/v1/appointments/${appointmentId}/messages`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.messages as AppointmentMessage[];
}

async function statusOf(cookie: string, appointmentId: string): Promise<string> {
  return (await call('GET', `/v1/appointments/${appointmentId}`, cookie)).json<{ data: { appointment: Appointment } }>().data.appointment.status;
}

function postWebhook(raw: string, signature: string | undefined) {
  return t.request({
    method: 'POST',
    url: '/v1/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: raw,
  });
}

function buttonReply(from: string, id: string, payload: string): string {
  return FakeWhatsapp.notification({ messages: [{ from, id, timestamp: '1760000000', type: 'button', button: { payload, text: 'Confirmar' } }] });
}

/** The payloads of the reminder's two buttons, 'Confirmar' then 'Cancelar'. */
function payloadsOf(sent: { body: NonNullable<unknown> } & { body: { template?: { components: Array<{ type: string; parameters: Array<{ payload?: string }> }> } } }): string[] {
  return sent.body.template!.components.filter((component) => component.type === 'button').map((component) => component.parameters[0]!.payload!);
}

describe('WhatsApp reminders', () => {
  it("keeps the patient's consent with its date, refuses it without a phone, and answers Meta's verification", async () => {
    const { cookie, patient } = await setup();
    const shown = (await call('GET', `/v1/patients/${patient.id}`, cookie)).json().data.patient;
    expect(shown.whatsappOptIn).toBe(true);
    expect(Date.parse(shown.whatsappOptInAt)).toBeGreaterThan(0);
    // Saved again without the field: the consent and its date stay.
    const kept = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', lastName: 'Mendes', phone: patient.phone });
    expect(kept.json().data.patient.whatsappOptInAt).toBe(shown.whatsappOptInAt);
    const noPhone = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', phone: null, whatsappOptIn: true });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(messages.validation.whatsappPhoneRequired);
    // The access log keeps when the consent was recorded and withdrawn; an edit that keeps it adds nothing.
    expect(await consentLog(cookie, patient.id)).toEqual(['consent ip']);
    expect((await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', phone: patient.phone, whatsappOptIn: false })).statusCode).toBe(200);
    expect((await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', phone: patient.phone, whatsappOptIn: false })).statusCode).toBe(200);
    expect(await consentLog(cookie, patient.id)).toEqual(['consent ip', 'withdraw ip']);
    const created = await call('POST', '/v1/users/me/patients', cookie, { firstName: 'Rita', lastName: 'Lopes', phone: newMobile(), whatsappOptIn: true });
    expect(await consentLog(cookie, created.json().data.patient.id)).toEqual(['consent ip']);

    const verified = await call('GET', '/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verifica-isto&hub.challenge=12345', null);
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toBe('12345');
    expect((await call('GET', '/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1', null)).statusCode).toBe(403);
  });

  it('sends the template at both lead times, with date, time, modality, room link and two buttons; a signed reply confirms; statuses are kept', async () => {
    const { cookie: firstCookie, patient, to, user } = await setup();
    const appointment = await book(t, firstCookie, { patientId: patient.id, startsAt: hoursAhead(t, 60), modality: 'online' });
    await tick();
    expect(fake.templatesTo(to)).toHaveLength(0);

    t.clock.advance(13 * 3600);
    await tick();
    await tick();
    const [first] = fake.templatesTo(to);
    expect(fake.templatesTo(to)).toHaveLength(1);
    expect(first!.authorization).toBe('Bearer token-de-teste');
    expect(first!.phoneNumberId).toBe('1000');
    expect(first!.body.template!.name).toBe('lembrete_consulta');
    expect(first!.body.template!.language.code).toBe('pt_BR');
    const parameters = first!.body.template!.components.find((component) => component.type === 'body')!.parameters.map((parameter) => parameter.text);
    const startsAt = new Date(appointment.startsAt);
    const time = startsAt.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
    const day = startsAt.toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', timeZone: 'America/Sao_Paulo' });
    expect(parameters[0]).toBe('Carla');
    expect(parameters[2]).toContain(day);
    expect(parameters[3]).toBe(time);
    expect(parameters[4]).toMatch(/^Online, pela sala: http:\/\/consultorio\.test\/.+/);
    const buttons = first!.body.template!.components.filter((component) => component.type === 'button');
    expect(buttons.map((button) => [button.sub_type, button.index])).toEqual([
      ['quick_reply', '0'],
      ['quick_reply', '1'],
    ]);
    // The e-mail's 24 h lead time is not the channel of a patient who opted in to WhatsApp.
    t.clock.advance(30 * 3600);
    await tick();
    expect(t.smtp.received.filter((mail) => mail.to.includes(patient.email!))).toHaveLength(0);
    expect(fake.templatesTo(to)).toHaveLength(1);

    // Two hours before: the second reminder.
    t.clock.advance(15 * 3600);
    await tick();
    expect(fake.templatesTo(to)).toHaveLength(2);
    // Days went by: a new session.
    const cookie = await signIn(t, user.username);

    const [confirmPayload] = payloadsOf(fake.templatesTo(to)[1]!);
    const reply = buttonReply(to, 'wamid.reply-confirm-1', confirmPayload!);
    const confirmed = await postWebhook(reply, fake.sign(reply));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(cookie, appointment.id)).toBe('confirmed');

    const status = FakeWhatsapp.notification({ statuses: [{ id: fake.templatesTo(to)[1]!.id, status: 'read', timestamp: '1760000000', recipient_id: to }] });
    expect((await postWebhook(status, fake.sign(status))).statusCode).toBe(200);
    const late = FakeWhatsapp.notification({ statuses: [{ id: fake.templatesTo(to)[1]!.id, status: 'delivered', timestamp: '1760000001', recipient_id: to }] });
    await postWebhook(late, fake.sign(late));
    const shown = await messagesOf(cookie, appointment.id);
    expect(shown.map((message) => [message.kind, message.channel, message.leadHours, message.status, message.answer])).toEqual([
      ['reminder', 'whatsapp', 48, 'sent', null],
      ['reminder', 'whatsapp', 2, 'read', 'confirmed'],
    ]);
    // Another professional sees none of it.
    const other = await newSignedInUser(t);
    expect((await call('GET', `/v1/appointments/${appointment.id}/messages`, other.cookie)).statusCode).toBe(404);
  });

  it('changes nothing on a bad or missing signature, and applies a cancellation delivered twice once', async () => {
    const { cookie, patient, to, user } = await setup();
    const appointment = await book(t, cookie, { patientId: patient.id, startsAt: hoursAhead(t, 1.5) });
    await tick();
    const [, cancelPayload] = payloadsOf(fake.templatesTo(to)[0]!);
    const reply = buttonReply(to, 'wamid.reply-cancel-1', cancelPayload!);

    const forged = await postWebhook(reply, `sha256=${'0'.repeat(64)}`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(messages.whatsapp.errors.signatureInvalid);
    expect((await postWebhook(reply, undefined)).statusCode).toBe(401);
    expect((await postWebhook(reply, fake.sign(`${reply} `))).statusCode).toBe(401);
    expect(await statusOf(cookie, appointment.id)).toBe('scheduled');

    expect((await postWebhook(reply, fake.sign(reply))).statusCode).toBe(200);
    expect(await statusOf(cookie, appointment.id)).toBe('cancelled');
    // The professional reopens it; Meta delivers the same reply again: ignored.
    expect((await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { status: 'scheduled' })).statusCode).toBe(200);
    expect((await postWebhook(reply, fake.sign(reply))).statusCode).toBe(200);
    expect(await statusOf(cookie, appointment.id)).toBe('scheduled');
    await t.app.jobs.idle();
    expect(t.smtp.received.filter((mail) => mail.to.includes(user.email) && mail.subject === messages.mail.cancelledSubject('Carla Mendes'))).toHaveLength(1);
  });

  it("falls back to e-mail when WhatsApp keeps failing, tells of the professional's cancellation, and opts out on 'PARAR'", async () => {
    const { cookie, patient, to } = await setup();
    fake.failWith = 503;
    let failed: Appointment;
    try {
      failed = await book(t, cookie, { patientId: patient.id, startsAt: hoursAhead(t, 1.5) });
      await t.smtp.waitFor(patient.email!, 0, 20_000);
    } finally {
      fake.failWith = undefined;
    }
    const shown = await messagesOf(cookie, failed.id);
    expect(shown.map((message) => [message.channel, message.status, message.fallback])).toEqual([
      ['whatsapp', 'failed', false],
      ['email', 'sent', true],
    ]);
    expect(shown[0]!.error).toContain('Service temporarily unavailable');

    // Cancelled by the professional: told by WhatsApp too.
    const ahead = await book(t, cookie, { patientId: patient.id, startsAt: hoursAhead(t, 30) });
    await t.app.jobs.idle();
    expect((await call('PUT', `/v1/appointments/${ahead.id}`, cookie, { status: 'cancelled' })).statusCode).toBe(200);
    await t.app.jobs.idle();
    await t.app.jobs.idle();
    // Its 48 h reminder went when it was booked; then the notice.
    expect(fake.templatesTo(to).map((message) => message.body.template!.name)).toEqual(['lembrete_consulta', 'consulta_cancelada']);
    // The e-mail notice is listed beside the WhatsApp one, as sent.
    const notices = (await messagesOf(cookie, ahead.id)).filter((message) => message.kind === 'cancelled');
    expect(notices.map((message) => [message.channel, message.status === 'failed' ? 'failed' : 'went'])).toEqual(
      expect.arrayContaining([
        ['whatsapp', 'went'],
        ['email', 'went'],
      ]),
    );
    expect(notices.find((message) => message.channel === 'email')?.sentAt).toEqual(expect.any(String));

    // WhatsApp names a Brazilian mobile's sender without its ninth digit: the patient is still found.
    const sender = `${to.slice(0, 4)}${to.slice(5)}`;
    const stop = FakeWhatsapp.notification({ messages: [{ from: sender, id: 'wamid.parar-1', timestamp: '1760000000', type: 'text', text: { body: ' Parar ' } }] });
    expect((await postWebhook(stop, fake.sign(stop))).statusCode).toBe(200);
    await t.app.jobs.idle();
    const after = (await call('GET', `/v1/patients/${patient.id}`, cookie)).json().data.patient;
    expect([after.whatsappOptIn, after.whatsappOptInAt]).toEqual([false, null]);
    // The professional sees when the patient stopped the messages.
    expect(Math.abs(Date.parse(after.whatsappStoppedAt) - t.clock.now().getTime())).toBeLessThan(60_000);
    expect(await consentLog(cookie, patient.id)).toEqual(['consent ip', 'withdraw -']);
    expect(fake.sent.filter((message) => message.body.to === sender && message.body.type === 'text').map((message) => message.body.text!.body)).toEqual([
      messages.whatsapp.optedOutReply,
    ]);
    // The next reminder goes by e-mail.
    const before = t.smtp.received.length;
    const next = await book(t, cookie, { patientId: patient.id, startsAt: hoursAhead(t, 20) });
    await t.smtp.waitFor(patient.email!, before, 10_000);
    expect((await messagesOf(cookie, next.id)).map((message) => message.channel)).toEqual(['email']);
    // A new consent, given to the professional, clears the stop; an edit that keeps it off keeps it.
    const kept = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', phone: after.phone, whatsappOptIn: false });
    expect(kept.json().data.patient.whatsappStoppedAt).toBe(after.whatsappStoppedAt);
    const again = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'Carla', phone: after.phone, whatsappOptIn: true });
    expect(again.json().data.patient).toMatchObject({ whatsappOptIn: true, whatsappStoppedAt: null });
  });
});

describe.runIf(testDriver === 'postgres')('two instances on one PostgreSQL database', () => {
  let database: Database & { url?: string };
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;
  const graph = new FakeWhatsapp(APP_SECRET);
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = new TestSmtpServer();
    await smtp.start();
    const env = { ...whatsappEnv(await graph.start()), ...fastQueueEnv };
    first = await createTestApp({ shared: { database, smtp }, env });
    second = await createTestApp({ shared: { database, smtp }, env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await smtp?.close();
    await database?.close();
    await graph.close();
  });

  it('sends each of 8 due WhatsApp reminders exactly once while both instances scan and work', async () => {
    const patients: string[] = [];
    for (let index = 0; index < 8; index++) {
      const { cookie, patient, to } = await setup(index % 2 === 0 ? first : second);
      await book(index % 2 === 0 ? first : second, cookie, { patientId: patient.id, startsAt: hoursAhead(first, 50 + index) });
      patients.push(to);
    }
    const sentTo = () => graph.sent.filter((message) => patients.includes(message.body.to));
    expect(sentTo()).toHaveLength(0);
    first.clock.advance(10 * 3600);
    second.clock.advance(10 * 3600);
    await waitUntil(() => sentTo().length >= 8, 20_000, '8 WhatsApp reminders');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await first.app.jobs.idle();
    await second.app.jobs.idle();
    expect(sentTo()).toHaveLength(8);
    expect(new Set(sentTo().map((message) => message.body.to)).size).toBe(8);
  }, 60_000);
});
