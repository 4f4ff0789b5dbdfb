// Measurement-based care: a form mailed to the patient and sent back through its link, the
// link's expiry, safety alerts, measurement plans and score trends. Real database, real HTTP and
// the loopback SMTP server; mail goes through the job queue.
import { limits, messages, type Appointment, type Form, type MeasurementPlan, type SafetyAlert, type ScoreSeries } from '@consultorio/shared';
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, measurementRuns, safetyAlerts } from '../src/db/schema';
import type { QaTemplateRow } from '../src/modules/qa-templates/qa-templates.repository';
import { createTestApp, type TestApp } from './helpers/build-app';
import { whileQueueRefuses } from './helpers/refused-jobs';
import { linkToken, type ReceivedMail } from './helpers/smtp';
import { libraryTemplate, newForm, newTemplate } from './factories/forms';
import { createPatientViaApi, newPatient } from './factories/patients';
import { newSignedInUser, signIn } from './factories/users';

let t: TestApp;
let phq9: QaTemplateRow;
let gad7: QaTemplateRow;
let anamnese: QaTemplateRow;
beforeAll(async () => {
  t = await createTestApp();
  [phq9, gad7, anamnese] = await Promise.all([libraryTemplate(t, 'phq-9'), libraryTemplate(t, 'gad-7'), libraryTemplate(t, 'anamnese-geral')]);
});
afterAll(async () => {
  await t.close();
});

const mm = messages.measurement;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

// ---- calls ----

let ipCounter = 0;
/** Each public call from an address of its own, so the per-address limit is never reached. */
function nextIp(): string {
  ipCounter += 1;
  return `10.88.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function call(method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: nextIp(),
  });
}

const send = (cookie: string | null, formId: string, body: unknown = {}) => call('POST', `/v1/forms/${formId}/send`, cookie, body);
const submit = (publicToken: unknown, content: unknown) => call('POST', '/v1/forms/public/submit', null, { publicToken, content });
const publicRead = (publicToken: string) => call('POST', '/v1/forms/public', null, { publicToken });
const publicSave = (publicToken: string, content: unknown) => call('PUT', '/v1/forms/public/content', null, { publicToken, content });
const readForm = (cookie: string, id: string) => call('GET', `/v1/forms/${id}`, cookie);
const alerts = (cookie: string | null, query = '') => call('GET', `/v1/users/me/alerts${query}`, cookie);
const acknowledge = (cookie: string | null, id: string) => call('POST', `/v1/alerts/${id}/acknowledge`, cookie);
const createPlan = (cookie: string | null, patientId: string, body: unknown) => call('POST', `/v1/patients/${patientId}/measurement-plans`, cookie, body);
const listPlans = (cookie: string | null, patientId: string) => call('GET', `/v1/patients/${patientId}/measurement-plans`, cookie);
const deletePlan = (cookie: string | null, id: string) => call('DELETE', `/v1/measurement-plans/${id}`, cookie);
const series = (cookie: string | null, patientId: string) => call('GET', `/v1/patients/${patientId}/score-series`, cookie);

// ---- set-ups ----

let emailCounter = 0;
function patientEmail(): string {
  emailCounter += 1;
  return `paciente.medida${emailCounter}.${Date.now().toString(36)}@example.com`;
}

/** A professional (Dra. Beatriz Campos) with a patient who has an e-mail. */
async function professionalWithPatient(options: { email?: string | null } = {}) {
  const { user, cookie } = await newSignedInUser(t, { title: 'Dra.', firstName: 'Beatriz', lastName: 'Campos', gender: 'female' });
  const email = options.email === undefined ? patientEmail() : options.email;
  const patient = await createPatientViaApi(t, cookie, { firstName: 'Carla', lastName: 'Mendes', ...(email ? { email } : {}) });
  return { user, cookie, patient, email };
}

async function createdForm(cookie: string, patientId: string, template: { id: string }, name = 'Triagem'): Promise<Form> {
  const response = await call('POST', `/v1/patients/${patientId}/forms`, cookie, { name, qaTemplateId: template.id });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.form as Form;
}

/** PHQ-9 answers: items 1–8 at `each`, item 9 at `item9`, the difficulty question answered. */
function phq9Answers(each: number, item9: number): Record<string, string> {
  const answers: Record<string, string> = { 10: 'Alguma dificuldade' };
  for (let item = 1; item <= 8; item += 1) answers[item] = String(each);
  answers[9] = String(item9);
  return answers;
}

async function submitted(publicToken: string, content: Record<string, string>) {
  const response = await submit(publicToken, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.form as { isLocked: boolean; submittedAt: string; crisisSupport: boolean };
}

/** Every mail queued so far has been sent. */
async function mailsTo(address: string): Promise<ReceivedMail[]> {
  await t.app.jobs.idle();
  return t.smtp.mailsTo(address);
}

function subjectsTo(address: string) {
  return mailsTo(address).then((mails) => mails.map((mail) => mail.subject));
}

// ---------------------------------------------------------------------------------------------

describe('POST /v1/forms/:id/send', () => {
  it("mails the link through the queue with the professional's name; the link opens the form and lasts 14 days", async () => {
    const { cookie, patient, email } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    t.clock.advance(3600);
    const response = await send(cookie, form.id);
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json();
    expect(body.message).toBe(mm.sent(email!));
    expect(body.data.sentTo).toBe(email);
    const sent = body.data.form as Form;
    expect(sent.sentAt).toMatch(ISO_TIME);
    expect(Date.parse(sent.publicExpiresAt!) - Date.parse(sent.sentAt!)).toBe(limits.publicFormLinkDays * DAY);

    const [mail, ...others] = await mailsTo(email!);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(mm.mail.formSubject('Dra. Beatriz Campos'));
    expect(mail!.text).toContain(mm.mail.formBody('Dra. Beatriz Campos', 'Triagem'));
    expect(mail!.text).toContain(`http://consultorio.test/form-public-view?token=${form.publicToken}`);
    expect(mail!.html).toContain(`http://consultorio.test/form-public-view?token=${form.publicToken}`);
    expect(linkToken(mail!)).toBe(form.publicToken);

    const opened = await publicRead(linkToken(mail!));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.form).toMatchObject({ name: 'Triagem', expiresAt: sent.publicExpiresAt, submittedAt: null });
    expect((await readForm(cookie, form.id)).json().data.form).toMatchObject({ sentAt: sent.sentAt, publicExpiresAt: sent.publicExpiresAt });
  });

  it('takes a call without a body as one for the patient’s e-mail', async () => {
    const { cookie, patient, email } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, gad7);
    const response = await t.request({ method: 'POST', url: `/v1/forms/${form.id}/send`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data.sentTo).toBe(email);
    expect(await mailsTo(email!)).toHaveLength(1);
  });

  it('mails another address when the professional types one', async () => {
    const { cookie, patient, email } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    const other = `Responsavel.${Date.now().toString(36)}@Example.com`;
    const response = await send(cookie, form.id, { email: other });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data.sentTo).toBe(other.toLowerCase());
    expect(await mailsTo(other.toLowerCase())).toHaveLength(1);
    expect(await mailsTo(email!)).toHaveLength(0);
  });

  it('answers 400 when the patient has no e-mail and none is typed, or for a bad address, and mails nothing', async () => {
    const { cookie, patient } = await professionalWithPatient({ email: null });
    const form = await createdForm(cookie, patient.id, phq9);
    const before = await t.mailCount();
    expect((await send(cookie, form.id)).json()).toEqual(failure(400, mm.errors.patientEmailMissing));
    expect((await send(cookie, form.id, { email: '' })).json()).toEqual(failure(400, mm.errors.patientEmailMissing));
    expect((await send(cookie, form.id, { email: 'não é e-mail' })).json()).toEqual(failure(400, messages.validation.emailInvalid));
    expect((await send(cookie, form.id, { email: 42 })).statusCode).toBe(400);
    expect((await send(cookie, form.id, [])).statusCode).toBe(400);
    expect(await t.mailCount()).toBe(before);
    expect((await readForm(cookie, form.id)).json().data.form.sentAt).toBeNull();
  });

  it('answers 409 for a locked form, 404 for another professional’s or an unknown one, 400 for a malformed id, 401 without a session', async () => {
    const { cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    expect((await call('PUT', `/v1/forms/${form.id}`, cookie, { isLocked: true })).statusCode).toBe(200);
    expect((await send(cookie, form.id)).json()).toEqual(failure(409, mm.errors.formNotSendable));

    const other = await professionalWithPatient();
    const before = await t.mailCount();
    expect((await send(other.cookie, form.id)).json()).toEqual(failure(404, messages.errors.formNotFound));
    expect((await send(other.cookie, '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6')).statusCode).toBe(404);
    expect((await send(other.cookie, 'nao-e-um-id')).json()).toEqual(failure(400, messages.validation.idInvalid));
    expect((await send(null, form.id)).statusCode).toBe(401);
    expect(await t.mailCount()).toBe(before);
  });
});

describe("the public link's expiry", () => {
  it('expires 14 days after it was made: 410 with the message for reading, saving and sending; mailing it again renews it', async () => {
    const { user, cookie: firstCookie, patient } = await professionalWithPatient();
    const form = await createdForm(firstCookie, patient.id, phq9);
    t.clock.advance(limits.publicFormLinkDays * 86_400 - 60);
    expect((await publicRead(form.publicToken)).statusCode).toBe(200);
    t.clock.advance(61);
    const expired = failure(410, mm.errors.linkExpired);
    expect(mm.errors.linkExpired).toBe('Este link expirou. Peça um novo ao seu profissional.');
    expect((await publicRead(form.publicToken)).json()).toEqual(expired);
    expect((await publicSave(form.publicToken, { 1: '1' })).json()).toEqual(expired);
    expect((await submit(form.publicToken, phq9Answers(1, 0))).json()).toEqual(expired);
    // Two weeks later the professional signs in again.
    const cookie = await signIn(t, user.username);
    expect((await readForm(cookie, form.id)).json().data.form.content).toEqual({});

    expect((await send(cookie, form.id)).statusCode).toBe(202);
    expect((await publicRead(form.publicToken)).statusCode).toBe(200);
  });

  it('never expires on a form made before links had an expiry', async () => {
    const { user } = await professionalWithPatient();
    const patient = await newPatient(t, { owner: user });
    const old = await newForm(t, { owner: user, patient, template: phq9, publicToken: `antigo-${Date.now()}` });
    expect(old.publicExpiresAt).toBeNull();
    t.clock.advance(400 * 86_400);
    const response = await publicRead(old.publicToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.form.expiresAt).toBeNull();
  });
});

describe('POST /v1/forms/public/submit', () => {
  it('checks every scored answer, then locks the form, records submittedAt and mails the professional without the answers', async () => {
    const { user, cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9, 'PHQ-9 de abril');

    const partial = { 1: '2', 2: '1', 10: 'Muita dificuldade' };
    expect((await submit(form.publicToken, partial)).json()).toEqual(failure(400, mm.validation.answersRequired('3, 4, 5, 6, 7, 8, 9')));
    const stored = (await readForm(cookie, form.id)).json().data.form as Form;
    expect(stored).toMatchObject({ isLocked: false, submittedAt: null, content: {} });

    t.clock.advance(60);
    const response = await submit(form.publicToken, phq9Answers(2, 0));
    expect(response.statusCode, response.body).toBe(200);
    // Dra. Beatriz thanks in her own gender.
    expect(response.json().message).toBe('Respostas enviadas. Obrigada!');
    const view = response.json().data.form;
    expect(view).toMatchObject({ isLocked: true, submittedAt: expect.stringMatching(ISO_TIME), crisisSupport: false, content: phq9Answers(2, 0) });

    const read = (await readForm(cookie, form.id)).json().data.form as Form;
    expect(read).toMatchObject({ isLocked: true, submittedAt: view.submittedAt, content: phq9Answers(2, 0) });
    expect((await publicSave(form.publicToken, { 1: '0' })).json()).toEqual(failure(423, messages.errors.formLocked));
    expect((await submit(form.publicToken, phq9Answers(0, 0))).json()).toEqual(failure(423, messages.errors.formLocked));
    expect((await publicRead(form.publicToken)).json().data.form).toMatchObject({ isLocked: true, submittedAt: view.submittedAt });

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(mm.mail.submittedSubject('Carla', 'PHQ-9 de abril'));
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).toContain('Carla');
      expect(part).not.toContain('Mendes');
      for (const answer of ['Muita dificuldade', 'Alguma dificuldade', 'Mais da metade dos dias', 'Pouco interesse']) expect(part).not.toContain(answer);
    }
    expect(mails[0]!.text).toContain(`http://consultorio.test/patients/${patient.id}/forms/${form.id}`);
    expect((await alerts(cookie)).json().data.alerts).toEqual([]);
  });

  it('takes a form without scored items once at least one question is answered', async () => {
    const { cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, anamnese);
    expect((await submit(form.publicToken, {})).json()).toEqual(failure(400, mm.validation.answersEmpty));
    expect((await submit(form.publicToken, { 1: '   ', 4: null })).json()).toEqual(failure(400, mm.validation.answersEmpty));
    expect((await submitted(form.publicToken, { 1: 'Professora' })).isLocked).toBe(true);
  });

  it('answers 4xx, never 500, to bad input, and changes nothing', async () => {
    const { cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    expect((await submit(form.publicToken, 'respostas')).json()).toEqual(failure(400, messages.validation.contentInvalid));
    expect((await submit(form.publicToken, { ...phq9Answers(1, 0), 99: '1' })).json()).toEqual(failure(400, messages.validation.fieldUnknown('99')));
    expect((await submit(form.publicToken, { ...phq9Answers(1, 0), 1: '7' })).json()).toEqual(failure(400, messages.validation.optionInvalid('1')));
    expect((await submit('', phq9Answers(1, 0))).statusCode).toBe(400);
    expect((await submit(123, phq9Answers(1, 0))).statusCode).toBe(400);
    expect((await submit('token-que-nao-existe', phq9Answers(1, 0))).json()).toEqual(failure(404, messages.errors.formNotFound));
    const raw = await t.request({ method: 'POST', url: '/v1/forms/public/submit', headers: { 'content-type': 'application/json' }, payload: '{"publicToken":', remoteAddress: nextIp() });
    expect(raw.statusCode).toBe(400);
    expect((await readForm(cookie, form.id)).json().data.form).toMatchObject({ isLocked: false, submittedAt: null, content: {} });
  });

  it('keeps the answers as the patient sent them: the professional’s save answers 409 and stores nothing, even unlocked', async () => {
    const { cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    await submitted(form.publicToken, phq9Answers(2, 0));
    const before = { form: (await readForm(cookie, form.id)).json().data.form as Form, series: (await series(cookie, patient.id)).json().data };
    expect(before.series.series[0].points[0]).toMatchObject({ score: 16, band: 'Depressão moderadamente grave' });

    t.clock.advance(60);
    const saveAnswers = () => call('PUT', `/v1/forms/${form.id}/content`, cookie, { content: phq9Answers(0, 0) });
    expect((await saveAnswers()).json()).toEqual(failure(409, 'O paciente já enviou estas respostas; elas não podem ser alteradas.'));
    expect((await call('PUT', `/v1/forms/${form.id}`, cookie, { isLocked: false })).statusCode).toBe(200);
    expect((await saveAnswers()).json()).toEqual(failure(409, messages.errors.formSubmitted));

    const after = (await readForm(cookie, form.id)).json().data.form as Form;
    expect(after).toMatchObject({ content: before.form.content, submittedAt: before.form.submittedAt });
    expect((await series(cookie, patient.id)).json().data).toEqual(before.series);
  });
});

describe('safety alerts', () => {
  it('raises one for PHQ-9 item 9 above 0: mailed at once, listed, crisis lines on the page, acknowledged once', async () => {
    const { user, cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9, 'PHQ-9 de maio');
    const view = await submitted(form.publicToken, phq9Answers(1, 1));
    expect(view.crisisSupport).toBe(true);
    expect((await publicRead(form.publicToken)).json().data.form.crisisSupport).toBe(true);

    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([mm.mail.alertSubject('Carla')]);
    expect(mails[0]!.text).toContain(`http://consultorio.test/patients/${patient.id}/measurement`);
    expect(mails[0]!.text).not.toContain('Vários dias');

    const listed = (await alerts(cookie)).json().data.alerts as SafetyAlert[];
    expect(listed).toEqual([
      {
        id: expect.any(String),
        patientId: patient.id,
        patientName: 'Carla Mendes',
        formId: form.id,
        formName: 'PHQ-9 de maio',
        kind: 'self_harm',
        message: phq9.scoring!.alerts[0]!.message,
        fieldNumber: 9,
        createdAt: expect.stringMatching(ISO_TIME),
        acknowledgedAt: null,
        acknowledgedBy: null,
      },
    ]);
    const alert = listed[0]!;
    expect((await alerts(cookie, `?patientId=${patient.id}&status=open`)).json().data.alerts).toHaveLength(1);

    t.clock.advance(120);
    const first = await acknowledge(cookie, alert.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(mm.acknowledged);
    const acknowledged = first.json().data.alert as SafetyAlert;
    expect(acknowledged).toMatchObject({ id: alert.id, acknowledgedAt: expect.stringMatching(ISO_TIME), acknowledgedBy: 'Dra. Beatriz Campos' });

    t.clock.advance(120);
    const again = await acknowledge(cookie, alert.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.alert.acknowledgedAt).toBe(acknowledged.acknowledgedAt);
    const [row] = await t.database.db.select().from(safetyAlerts).where(eq(safetyAlerts.id, alert.id));
    expect(row).toMatchObject({ acknowledgedBy: user.id, acknowledgedAt: new Date(acknowledged.acknowledgedAt!) });

    expect((await alerts(cookie, '?status=open')).json().data.alerts).toEqual([]);
    expect((await alerts(cookie)).json().data.alerts).toEqual([acknowledged]);
  });

  it('raises none when item 9 is 0, however high the score', async () => {
    const { user, cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    expect((await submitted(form.publicToken, phq9Answers(3, 0))).crisisSupport).toBe(false);
    expect((await alerts(cookie)).json().data.alerts).toEqual([]);
    expect(await subjectsTo(user.email)).toEqual([mm.mail.submittedSubject('Carla', 'Triagem')]);
    const [row] = await t.database.db.select({ n: count() }).from(safetyAlerts).where(eq(safetyAlerts.formId, form.id));
    expect(row!.n).toBe(0);
  });

  it("raises one from any scored template's own alert rule", async () => {
    const { user, cookie, patient } = await professionalWithPatient();
    const template = await newTemplate(t, {
      ownerId: user.id,
      name: 'Escala de sono',
      content: [{ title: 'Sono', fields: [{ number: 1, label: 'Insônia', type: 'radio', options: [{ value: '0', label: 'Não' }, { value: '3', label: 'Grave' }] }] }],
      scoring: { method: 'sum', label: 'Pontuação', fields: [1], bands: [], alerts: [{ field: 1, above: 2, message: 'Insônia grave' }] },
    });
    const form = await createdForm(cookie, patient.id, template);
    expect((await submitted(form.publicToken, { 1: '3' })).crisisSupport).toBe(true);
    expect((await alerts(cookie)).json().data.alerts).toMatchObject([{ kind: 'answer_rule', message: 'Insônia grave', fieldNumber: 1, formId: form.id }]);
  });

  it('answers 404 for another professional’s alert or patient, and lists only the professional’s own; bad filters answer 400', async () => {
    const { cookie, patient } = await professionalWithPatient();
    const form = await createdForm(cookie, patient.id, phq9);
    await submitted(form.publicToken, phq9Answers(0, 2));
    const [alert] = (await alerts(cookie)).json().data.alerts as SafetyAlert[];

    const other = await professionalWithPatient();
    expect((await alerts(other.cookie)).json().data.alerts).toEqual([]);
    expect((await acknowledge(other.cookie, alert!.id)).json()).toEqual(failure(404, mm.errors.alertNotFound));
    expect((await alerts(other.cookie, `?patientId=${patient.id}`)).json()).toEqual(failure(404, messages.errors.patientNotFound));
    expect((await acknowledge(cookie, '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6')).statusCode).toBe(404);
    expect((await acknowledge(cookie, 'x')).json()).toEqual(failure(400, messages.validation.idInvalid));
    expect((await alerts(cookie, '?status=todos')).json()).toEqual(failure(400, mm.validation.alertStatusInvalid));
    expect((await alerts(cookie, '?patientId=nope')).json()).toEqual(failure(400, messages.validation.idInvalid));
    expect((await alerts(null)).statusCode).toBe(401);
    expect((await acknowledge(null, alert!.id)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(safetyAlerts).where(eq(safetyAlerts.id, alert!.id));
    expect(row!.acknowledgedAt).toBeNull();
  });
});

describe('measurement plans', () => {
  async function book(cookie: string, patientId: string, hoursAhead: number): Promise<Appointment> {
    const startsAt = new Date(t.clock.now().getTime() + hoursAhead * HOUR);
    startsAt.setUTCMinutes(0, 0, 0);
    const response = await call('POST', '/v1/users/me/appointments', cookie, { patientId, startsAt: startsAt.toISOString(), allowOverlap: true });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.appointment as Appointment;
  }

  const formMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === mm.mail.formSubject('Dra. Beatriz Campos'));
  const formsOf = (patientId: string) => t.database.db.select().from(forms).where(eq(forms.patientId, patientId));

  it('creates, lists and deletes a plan; the same plan twice answers 409', async () => {
    const { cookie, patient } = await professionalWithPatient();
    const response = await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(mm.planCreated);
    const plan = response.json().data.plan as MeasurementPlan;
    expect(plan).toEqual({
      id: expect.any(String),
      patientId: patient.id,
      qaTemplateId: phq9.id,
      qaTemplateName: phq9.name,
      trigger: 'before_appointment',
      intervalWeeks: null,
      nextDueAt: null,
      lastSentAt: null,
      createdAt: expect.stringMatching(ISO_TIME),
    });
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment' })).json()).toEqual(failure(409, mm.errors.planExists));
    const listed = (await listPlans(cookie, patient.id)).json().data;
    expect(listed).toEqual({ plans: [plan], patientHasEmail: true });

    const deleted = await deletePlan(cookie, plan.id);
    expect(deleted.json()).toEqual({ status: 200, data: null, message: mm.planDeleted });
    expect((await deletePlan(cookie, plan.id)).json()).toEqual(failure(404, mm.errors.planNotFound));
    expect((await listPlans(cookie, patient.id)).json().data.plans).toEqual([]);
  });

  it('answers 400 to bad plans and 404 for another professional’s patient, plan or template', async () => {
    const { user, cookie, patient } = await professionalWithPatient();
    const v = mm.validation;
    const weeks = v.intervalWeeksInvalid(limits.measurementIntervalWeeksMax);
    expect((await createPlan(cookie, patient.id, { qaTemplateId: anamnese.id, trigger: 'interval', intervalWeeks: 2 })).json()).toEqual(failure(400, mm.errors.templateNotScored));
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'interval' })).json()).toEqual(failure(400, weeks));
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'interval', intervalWeeks: 0 })).json()).toEqual(failure(400, weeks));
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'interval', intervalWeeks: 53 })).json()).toEqual(failure(400, weeks));
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'interval', intervalWeeks: 1.5 })).json()).toEqual(failure(400, weeks));
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment', intervalWeeks: 2 })).json()).toEqual(failure(400, v.intervalWeeksOnlyForInterval));
    expect((await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'daily' })).json()).toEqual(failure(400, v.triggerInvalid));
    expect((await createPlan(cookie, patient.id, { trigger: 'before_appointment' })).json()).toEqual(failure(400, messages.validation.templateRequired));
    expect((await createPlan(cookie, patient.id, ['plano'])).statusCode).toBe(400);

    const other = await professionalWithPatient();
    const own = await newTemplate(t, { ownerId: other.user.id, scoring: { method: 'sum', label: 'P', fields: [1], bands: [], alerts: [] } });
    expect((await createPlan(cookie, patient.id, { qaTemplateId: own.id, trigger: 'before_appointment' })).json()).toEqual(failure(404, messages.errors.templateNotFound));
    expect((await createPlan(other.cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment' })).json()).toEqual(failure(404, messages.errors.patientNotFound));
    expect((await listPlans(other.cookie, patient.id)).json()).toEqual(failure(404, messages.errors.patientNotFound));
    const plan = (await createPlan(cookie, patient.id, { qaTemplateId: gad7.id, trigger: 'before_appointment' })).json().data.plan as MeasurementPlan;
    expect((await deletePlan(other.cookie, plan.id)).json()).toEqual(failure(404, mm.errors.planNotFound));
    expect((await deletePlan(cookie, 'x')).statusCode).toBe(400);
    expect((await listPlans(null, patient.id)).statusCode).toBe(401);
    expect((await listPlans(cookie, patient.id)).json().data.plans).toHaveLength(1);
    expect(user.id).not.toBe(other.user.id);
  });

  it('mails an interval plan’s form at once and then every N weeks, one form each time', async () => {
    const { user, cookie: firstCookie, patient, email } = await professionalWithPatient();
    const created = await createPlan(firstCookie, patient.id, { qaTemplateId: gad7.id, trigger: 'interval', intervalWeeks: 2 });
    expect(created.statusCode, created.body).toBe(201);
    expect(await formMails(email!)).toHaveLength(1);
    const [first] = await formsOf(patient.id);
    expect(first).toMatchObject({ qaTemplateId: gad7.id, sentAt: expect.any(Date) });
    expect(first!.name.startsWith(gad7.name)).toBe(true);
    expect((await formMails(email!))[0]!.text).toContain(`/form-public-view?token=${first!.publicToken}`);

    expect(await t.app.measurementTick()).toBe(0);
    t.clock.advance(13 * 86_400);
    expect(await t.app.measurementTick()).toBe(0);
    t.clock.advance(86_400 + 60);
    expect(await t.app.measurementTick()).toBe(1);
    expect(await t.app.measurementTick()).toBe(0);
    expect(await formMails(email!)).toHaveLength(2);
    expect(await formsOf(patient.id)).toHaveLength(2);
    const cookie = await signIn(t, user.username);
    const [plan] = (await listPlans(cookie, patient.id)).json().data.plans as MeasurementPlan[];
    expect(Date.parse(plan!.nextDueAt!) - Date.parse(plan!.createdAt)).toBe(4 * 7 * DAY);
    expect(plan!.lastSentAt).toMatch(ISO_TIME);
  });

  it('mails a plan’s form 24 h before each appointment, once, and not for a cancelled one', async () => {
    const { cookie, patient, email } = await professionalWithPatient();
    await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment' });
    const cancelled = await book(cookie, patient.id, 27);
    const next = await book(cookie, patient.id, 30);
    await book(cookie, patient.id, 60);
    expect((await call('PUT', `/v1/appointments/${cancelled.id}`, cookie, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await t.app.measurementTick()).toBe(0);

    t.clock.advance(8 * 3600);
    expect(await t.app.measurementTick()).toBe(1);
    expect(await t.app.measurementTick()).toBe(0);
    await t.app.agendaTick();
    const mails = await formMails(email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(mm.mail.formBeforeAppointment(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(next.startsAt))));
    expect(await formsOf(patient.id)).toHaveLength(1);

    // The third appointment's turn comes a day later.
    t.clock.advance(30 * 3600);
    expect(await t.app.measurementTick()).toBe(1);
    expect(await formMails(email!)).toHaveLength(2);
  });

  it('claims an occurrence and queues its job in one transaction: when the queue refuses the job, the next scan sends it, once', async () => {
    const { cookie, patient, email } = await professionalWithPatient();
    const plan = (await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment' })).json().data.plan as MeasurementPlan;
    const runsOfPlan = async () => (await t.database.db.select({ id: measurementRuns.id }).from(measurementRuns).where(eq(measurementRuns.planId, plan.id))).length;
    await book(cookie, patient.id, 30);
    t.clock.advance(7 * 3600);
    await whileQueueRefuses(t.database, 'measurement.plan-run', async () => {
      await expect(t.app.measurementTick()).rejects.toThrow(/fila indisponível/);
    });
    expect(await runsOfPlan()).toBe(0);
    expect(await formMails(email!)).toHaveLength(0);

    expect(await t.app.measurementTick()).toBeGreaterThanOrEqual(1);
    await t.app.measurementTick();
    expect(await runsOfPlan()).toBe(1);
    expect(await formMails(email!)).toHaveLength(1);
    expect(await formsOf(patient.id)).toHaveLength(1);
  });

  it('makes no form for a patient without an e-mail, and says so in the list', async () => {
    const { cookie, patient } = await professionalWithPatient({ email: null });
    const before = await t.mailCount();
    const created = await createPlan(cookie, patient.id, { qaTemplateId: gad7.id, trigger: 'interval', intervalWeeks: 1 });
    expect(created.statusCode, created.body).toBe(201);
    expect((await listPlans(cookie, patient.id)).json().data.patientHasEmail).toBe(false);
    expect(await t.mailCount()).toBe(before);
    expect(await formsOf(patient.id)).toHaveLength(0);
  });

  it('sends nothing when the appointment is cancelled after its occurrence was claimed', async () => {
    const { cookie, patient, email } = await professionalWithPatient();
    const plan = (await createPlan(cookie, patient.id, { qaTemplateId: phq9.id, trigger: 'before_appointment' })).json().data.plan as MeasurementPlan;
    const appointment = await book(cookie, patient.id, 48);
    expect((await call('PUT', `/v1/appointments/${appointment.id}`, cookie, { status: 'cancelled' })).statusCode).toBe(200);
    // The occurrence as a scan claimed it just before the cancellation, its job still to run.
    const [run] = await t.database.db
      .insert(measurementRuns)
      .values({ planId: plan.id, appointmentId: appointment.id, occurrenceKey: `appointment:${appointment.id}` })
      .returning();
    await t.app.jobs.send('measurement.plan-run', { runId: run!.id });
    expect(await formMails(email!)).toHaveLength(0);
    expect(await formsOf(patient.id)).toHaveLength(0);
  });
});

describe('GET /v1/patients/:id/score-series', () => {
  it("answers each scored template's submitted scores oldest first, with bands, alerts and reliable change", async () => {
    const { user, cookie: firstCookie, patient } = await professionalWithPatient();
    expect((await series(firstCookie, patient.id)).json().data).toEqual({ series: [] });
    let cookie = firstCookie;

    const submittedAt: string[] = [];
    for (const [each, item9] of [
      [2, 0],
      [1, 1],
      [0, 0],
    ] as const) {
      const form = await createdForm(cookie, patient.id, phq9);
      submittedAt.push((await submitted(form.publicToken, phq9Answers(each, item9))).submittedAt);
      t.clock.advance(7 * 86_400);
      cookie = await signIn(t, user.username);
    }
    const gad = await createdForm(cookie, patient.id, gad7);
    const gadAt = (await submitted(gad.publicToken, { 1: '1', 2: '1', 3: '2', 4: '0', 5: '0', 6: '3', 7: '1' })).submittedAt;
    // Neither a form not sent back nor one without a score is a point.
    await createdForm(cookie, patient.id, phq9);
    const anamneseForm = await createdForm(cookie, patient.id, anamnese);
    await submitted(anamneseForm.publicToken, { 1: 'Professora' });

    const response = await series(cookie, patient.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json().data.series as ScoreSeries[];
    expect(answer.map((item) => item.qaTemplateName)).toEqual([gad7.name, phq9.name]);
    const [gadSeries, phqSeries] = answer;
    expect(phqSeries).toEqual({
      qaTemplateId: phq9.id,
      qaTemplateName: phq9.name,
      scoreLabel: 'Pontuação PHQ-9',
      max: 27,
      bands: phq9.scoring!.bands,
      reliableChange: 6,
      points: [
        { formId: expect.any(String), submittedAt: submittedAt[0], score: 16, band: 'Depressão moderadamente grave', alert: false },
        { formId: expect.any(String), submittedAt: submittedAt[1], score: 9, band: 'Depressão leve', alert: true },
        { formId: expect.any(String), submittedAt: submittedAt[2], score: 0, band: 'Sintomas depressivos mínimos', alert: false },
      ],
    });
    expect(gadSeries).toMatchObject({ qaTemplateId: gad7.id, max: 21, reliableChange: 4, points: [{ formId: gad.id, submittedAt: gadAt, score: 8, band: 'Ansiedade leve', alert: false }] });
  });

  it('answers 404 for another professional’s patient, 400 for a malformed id, 401 without a session', async () => {
    const { patient } = await professionalWithPatient();
    const other = await professionalWithPatient();
    expect((await series(other.cookie, patient.id)).json()).toEqual(failure(404, messages.errors.patientNotFound));
    expect((await series(other.cookie, 'nao-e-id')).json()).toEqual(failure(400, messages.validation.idInvalid));
    expect((await series(null, patient.id)).statusCode).toBe(401);
    const [row] = await t.database.db.select({ n: count() }).from(forms).where(and(eq(forms.patientId, patient.id)));
    expect(row!.n).toBe(0);
  });
});
