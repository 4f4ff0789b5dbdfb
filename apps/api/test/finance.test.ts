// Session finance: fees copied to appointments, payments that settle sessions (all or part) and
// issue numbered receipts, the receipt's PDF read back (with pdftotext for any script), its mail,
// the month's summary, pending sessions and CSV report (formatted CPFs, no formula cells), static
// Pix charges parsed back, CPFs refused with a stray letter, and another professional's 404s.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { formatCents, messages, type Appointment, type Payment, type PixCharge } from '@consultorio/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, paymentAllocations, payments } from '../src/db/schema';
import { codeMigrations } from '../src/db/migration-level';
import { amountInWords } from '../src/modules/finance/amount-in-words';
import { createTestApp, type TestApp } from './helpers/build-app';
import { readBrCode } from './helpers/emv';
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
const f = messages.finance;
const failure = (status: number, message: string) => ({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

const MONTH = '2025-03';
const PROFESSIONAL_CPF = '529.982.247-25';
const PATIENT_CPF = '111.444.777-35';
const PAYER_CPF = '935.411.347-80';
const OFFICE_ADDRESS = 'Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP';

function call(method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) {
  return t.request({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A professional with the receipt's data in the profile, and a patient with a fee of R$ 150,00. */
async function setup(options: { pixKey?: string; payer?: boolean } = {}) {
  const { user, cookie } = await newSignedInUser(t, { firstName: 'Ana', lastName: 'Souza', title: 'Dra.', gender: 'female', profession: 'Psicóloga' });
  const profile = await call('PUT', '/v1/users/me', cookie, {
    firstName: 'Ana',
    lastName: 'Souza',
    gender: 'female',
    title: 'Dra.',
    profession: 'Psicóloga',
    document: PROFESSIONAL_CPF,
    professionalRegistration: 'CRP 06/123456',
    city: 'São Paulo',
    officeAddress: OFFICE_ADDRESS,
    ...(options.pixKey ? { pixKey: options.pixKey } : {}),
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const patient = await newPatient(t, { owner: user, firstName: 'João', lastName: 'Pereira', email: `joao.${user.username}@example.com` });
  const updated = await call('PUT', `/v1/patients/${patient.id}`, cookie, {
    firstName: 'João',
    lastName: 'Pereira',
    gender: 'male',
    email: `joao.${user.username}@example.com`,
    document: PATIENT_CPF,
    sessionFeeCents: 15000,
    ...(options.payer ? { payerName: 'Marta Pereira', payerDocument: PAYER_CPF } : {}),
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { user, cookie, patient };
}

async function book(cookie: string, patientId: string, startsAt: string, extra: Record<string, unknown> = {}): Promise<Appointment> {
  const response = await call('POST', '/v1/users/me/appointments', cookie, { patientId, startsAt, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.appointment as Appointment;
}

async function pay(cookie: string, body: Record<string, unknown>): Promise<Payment> {
  const response = await call('POST', '/v1/users/me/payments', cookie, { method: 'pix', paidAt: '2025-03-20', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.payment as Payment;
}

async function appointment(cookie: string, id: string): Promise<Appointment> {
  return (await call('GET', `/v1/appointments/${id}`, cookie)).json().data.appointment as Appointment;
}

/** Runs a poppler tool (pdftotext, pdffonts) on the PDF given on its standard input, and answers what it prints. */
async function poppler(tool: 'pdftotext' | 'pdffonts', pdf: Buffer): Promise<string> {
  const running = promisify(execFile)(tool, tool === 'pdftotext' ? ['-enc', 'UTF-8', '-', '-'] : ['-'], { encoding: 'utf8' });
  running.child.stdin!.end(pdf);
  return (await running).stdout;
}

/** dd/mm/yyyy in São Paulo, as the receipt writes a session's day. */
function brazilianDate(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('amount in words', () => {
  it.each([
    [101, 'um real e um centavo'],
    [100000, 'mil reais'],
    [2150, 'vinte e um reais e cinquenta centavos'],
    [15000, 'cento e cinquenta reais'],
    [30000, 'trezentos reais'],
    [50, 'cinquenta centavos'],
    [123456789, 'um milhão, duzentos e trinta e quatro mil quinhentos e sessenta e sete reais e oitenta e nove centavos'],
  ])('writes %i cents as %s', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });
});

describe('fees on appointments', () => {
  it("copies the patient's fee to each new appointment, which can be changed, with its payment status in every answer", async () => {
    const { cookie, patient } = await setup();
    const booked = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    expect(booked).toMatchObject({ feeCents: 15000, paidCents: 0, paymentStatus: 'pending', chargeMissed: false });
    const own = await book(cookie, patient.id, '2025-03-06T10:00:00-03:00', { feeCents: 9000 });
    expect(own.feeCents).toBe(9000);
    const listed = await call('GET', `/v1/users/me/appointments?from=2025-03-01T00:00:00-03:00&to=2025-03-31T00:00:00-03:00`, cookie);
    const listedAppointments = listed.json<{ data: { appointments: Appointment[] } }>().data.appointments;
    expect(listedAppointments.map((item) => [item.feeCents, item.paymentStatus])).toEqual([
      [15000, 'pending'],
      [9000, 'pending'],
    ]);
    const changed = await call('PUT', `/v1/appointments/${booked.id}`, cookie, { feeCents: 18000 });
    expect(changed.json().data.appointment).toMatchObject({ feeCents: 18000, paymentStatus: 'pending' });
    const manual = await call('PUT', `/v1/appointments/${booked.id}`, cookie, { paymentStatus: 'paid' });
    expect(manual.statusCode).toBe(400);
    expect(manual.json()).toEqual(failure(400, v.paymentStatusManual));
    const negative = await call('PUT', `/v1/appointments/${booked.id}`, cookie, { feeCents: -100 });
    expect(negative.json()).toEqual(failure(400, v.feeInvalid));
  });

  it('refuses a patient CPF with wrong check digits and keeps the finance fields an edit leaves out', async () => {
    const { cookie, patient } = await setup({ payer: true });
    const bad = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'João', lastName: 'Pereira', document: '111.444.777-36' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(failure(400, 'CPF inválido'));
    const plain = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'João', lastName: 'Pereira' });
    expect(plain.json().data.patient).toMatchObject({
      document: '11144477735',
      sessionFeeCents: 15000,
      payerName: 'Marta Pereira',
      payerDocument: '93541134780',
    });
    const cleared = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'João', lastName: 'Pereira', payerName: '', payerDocument: null });
    expect(cleared.json().data.patient).toMatchObject({ payerName: null, payerDocument: null, sessionFeeCents: 15000 });
  });

  it("refuses a CPF with a stray letter ('52998224725x') with 400 wherever a CPF is taken, rather than trimming it, and stores nothing", async () => {
    const { user, cookie, patient } = await setup({ payer: true });
    const stray = '52998224725x';
    const profile = { firstName: 'Ana', lastName: 'Souza' };
    const attempts: Array<[InjectOptions['method'], string, Record<string, unknown>]> = [
      ['PUT', '/v1/users/me', { ...profile, document: stray }],
      ['PUT', '/v1/users/me', { ...profile, document: '529.982.247-25a' }],
      ['PUT', '/v1/users/me', { ...profile, pixKey: stray }],
      ['POST', '/v1/users/me/patients', { firstName: 'Rui', document: stray }],
      ['PUT', `/v1/patients/${patient.id}`, { firstName: 'João', lastName: 'Pereira', document: stray }],
      ['PUT', `/v1/patients/${patient.id}`, { firstName: 'João', lastName: 'Pereira', payerDocument: stray }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, cookie, body);
      const message = 'pixKey' in body ? v.pixKeyInvalid : v.documentInvalid;
      expect([response.statusCode, response.json()], `${method} ${url} ${JSON.stringify(body)}`).toEqual([400, failure(400, message)]);
    }
    const me = (await call('GET', '/v1/users/me', cookie)).json().data.user;
    expect(me).toMatchObject({ id: user.id, document: '52998224725', pixKey: null });
    const stored = (await call('GET', `/v1/patients/${patient.id}`, cookie)).json().data.patient;
    expect(stored).toMatchObject({ document: '11144477735', payerDocument: '93541134780' });
    expect((await call('GET', '/v1/users/me/patients?q=rui', cookie)).json().data.total).toBe(0);
  });

  it('takes the Pix key by type and refuses one of no type', async () => {
    const { cookie } = await setup();
    const base = { firstName: 'Ana', lastName: 'Souza' };
    const phone = await call('PUT', '/v1/users/me', cookie, { ...base, pixKey: '(11) 98765-4321' });
    expect(phone.json().data.user).toMatchObject({ pixKey: '+5511987654321', pixKeyType: 'phone' });
    const email = await call('PUT', '/v1/users/me', cookie, { ...base, pixKey: 'Ana@Example.com' });
    expect(email.json().data.user).toMatchObject({ pixKey: 'ana@example.com', pixKeyType: 'email' });
    const bad = await call('PUT', '/v1/users/me', cookie, { ...base, pixKey: '529.982.247-26' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(failure(400, v.pixKeyInvalid));
  });
});

describe('payments and receipts', () => {
  it('registers one payment for two sessions: both paid, receipt numbers in sequence', async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const second = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const response = await call('POST', '/v1/users/me/payments', cookie, {
      patientId: patient.id,
      appointmentIds: [second.id, first.id],
      amountCents: 30000,
      method: 'pix',
      paidAt: '2025-03-12',
    });
    expect(response.statusCode).toBe(201);
    const payment = response.json().data.payment as Payment;
    expect(response.json().message).toBe(f.paymentRegistered(1));
    expect(payment).toMatchObject({
      id: expect.any(String),
      receiptNumber: 1,
      patientId: patient.id,
      patientName: 'João Pereira',
      patientDocument: '11144477735',
      payerName: 'João Pereira',
      payerDocument: '11144477735',
      amountCents: 30000,
      method: 'pix',
      paidAt: '2025-03-12',
      sessions: [
        { appointmentId: first.id, startsAt: first.startsAt, amountCents: 15000 },
        { appointmentId: second.id, startsAt: second.startsAt, amountCents: 15000 },
      ],
    });
    expect(await appointment(cookie, first.id)).toMatchObject({ paymentStatus: 'paid', paidCents: 15000 });
    expect(await appointment(cookie, second.id)).toMatchObject({ paymentStatus: 'paid', paidCents: 15000 });

    const third = await book(cookie, patient.id, '2025-03-19T10:00:00-03:00');
    expect((await pay(cookie, { patientId: patient.id, appointmentIds: [third.id], amountCents: 15000, method: 'cash' })).receiptNumber).toBe(2);

    const again = await call('POST', '/v1/users/me/payments', cookie, { patientId: patient.id, appointmentIds: [first.id], amountCents: 100, method: 'pix', paidAt: '2025-03-20' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(failure(409, e.appointmentNotChargeable));
  });

  it('prints names, CPFs, the amount in figures and in words, the dates and the city on the receipt PDF', async () => {
    const { cookie, patient } = await setup({ payer: true });
    const first = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const second = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const payment = await pay(cookie, { patientId: patient.id, appointmentIds: [first.id, second.id], amountCents: 30000, paidAt: '2025-03-12' });
    expect(payment).toMatchObject({ payerName: 'Marta Pereira', payerDocument: '93541134780' });

    const receipt = await call('GET', `/v1/payments/${payment.id}/receipt`, cookie);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe('attachment; filename="recibo-1.pdf"');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(receipt.rawPayload);
    for (const expected of [
      'RECIBO',
      'Nº 1',
      'Recebi de Marta Pereira, CPF 935.411.347-80,',
      'R$ 300,00 (trezentos reais)',
      'referente a 2 sessões de psicoterapia realizadas em 05/03/2025 e 12/03/2025',
      'Paciente (beneficiário): João Pereira, CPF 111.444.777-35',
      'Forma de pagamento: Pix',
      'São Paulo, 12 de março de 2025',
      'Dra. Ana Souza',
      'Psicóloga — CRP 06/123456',
      'CPF 529.982.247-25',
      OFFICE_ADDRESS,
    ]) {
      expect(text).toContain(expected);
    }

    // The words agree with the patient's gender as it is now.
    const undisclosed = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'João', lastName: 'Pereira', gender: 'undisclosed' });
    expect(undisclosed.statusCode, undisclosed.body).toBe(200);
    const again = await pdfText((await call('GET', `/v1/payments/${payment.id}/receipt`, cookie)).rawPayload);
    expect(again).toContain('Paciente (pessoa beneficiária): João Pereira, CPF 111.444.777-35');
  });

  it('prints a name in any script as typed, in an embedded Unicode font, read back by pdftotext', async () => {
    const { cookie, patient } = await setup();
    const name = { firstName: 'Łukasz', lastName: 'Nguyễn Đặng' };
    expect((await call('PUT', `/v1/patients/${patient.id}`, cookie, { ...name, payerName: 'Zoë Ørsted-Şahin' })).statusCode).toBe(200);
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const payment = await pay(cookie, { patientId: patient.id, appointmentIds: [session.id], amountCents: 15000, note: 'Ação de graças — «ok»' });
    const pdf = (await call('GET', `/v1/payments/${payment.id}/receipt`, cookie)).rawPayload;

    const text = (await poppler('pdftotext', pdf)).replace(/\s+/g, ' ');
    for (const expected of ['Recebi de Zoë Ørsted-Şahin', 'Paciente (pessoa beneficiária): Łukasz Nguyễn Đặng, CPF 111.444.777-35', 'Observação: Ação de graças — «ok»']) {
      expect(text).toContain(expected);
    }
    // Every font is embedded (a subset of DejaVu Sans), none of the standard 14 such as Helvetica.
    const fonts = (await poppler('pdffonts', pdf)).split('\n').slice(2).filter((line) => line.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?\s.*\byes\s+yes\s+yes\b/);
  });

  it("says 'referente à sessão', and calls a session paid in advance 'agendada', never 'realizada'", async () => {
    const { cookie, patient } = await setup();
    const now = t.clock.now().getTime();
    const days = (n: number) => new Date(now + n * 86_400_000).toISOString();
    const held = await book(cookie, patient.id, days(-7));
    const ahead = await book(cookie, patient.id, days(7));
    const later = await book(cookie, patient.id, days(14));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(t.clock.now());
    const receiptOf = async (appointmentIds: string[]) => {
      const payment = await pay(cookie, { patientId: patient.id, appointmentIds, amountCents: 15000 * appointmentIds.length, paidAt: today });
      return pdfText((await call('GET', `/v1/payments/${payment.id}/receipt`, cookie)).rawPayload);
    };

    expect(await receiptOf([held.id])).toContain(`referente à sessão de psicoterapia realizada em ${brazilianDate(held.startsAt)}.`);
    const inAdvance = await receiptOf([ahead.id]);
    expect(inAdvance).toContain(`referente à sessão de psicoterapia agendada para ${brazilianDate(ahead.startsAt)}.`);
    expect(inAdvance).not.toContain('realizada');
    const second = await book(cookie, patient.id, days(-1));
    expect(await receiptOf([second.id, later.id])).toContain(
      `referente a 2 sessões de psicoterapia: realizada em ${brazilianDate(second.startsAt)}; agendada para ${brazilianDate(later.startsAt)}.`,
    );
  });

  it('mails the receipt with its PDF through the job queue', async () => {
    const { cookie, patient, user } = await setup();
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const payment = await pay(cookie, { patientId: patient.id, appointmentIds: [session.id], amountCents: 15000 });
    const since = t.smtp.received.length;
    const response = await call('POST', `/v1/payments/${payment.id}/receipt/email`, cookie, {});
    const to = `joao.${user.username}@example.com`;
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 202, data: { email: to }, message: f.receiptQueued(to) });
    const mail = await t.smtp.waitFor(to, since);
    expect(mail.subject).toBe(messages.mail.receiptSubject(1, 'Dra. Ana Souza'));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'recibo-1.pdf', mimeType: 'application/pdf' });
    expect(await pdfText(Buffer.from(mail.attachments[0]!.content))).toContain('cento e cinquenta reais');

    // With the 'Responsável financeiro''s e-mail set, receipts and Pix charges go there by default.
    const payerEmail = `marta.${user.username}@example.com`;
    const withPayer = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'João', lastName: 'Pereira', email: to, payerEmail: ` ${payerEmail.toUpperCase()} ` });
    expect(withPayer.json().data.patient).toMatchObject({ email: to, payerEmail });
    expect((await call('POST', `/v1/payments/${payment.id}/receipt/email`, cookie, {})).json().data.email).toBe(payerEmail);
    await t.smtp.waitFor(payerEmail, since);
    const next = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const pix = await call('PUT', '/v1/users/me', cookie, { firstName: 'Ana', lastName: 'Souza', pixKey: PROFESSIONAL_CPF });
    expect(pix.statusCode, pix.body).toBe(200);
    const charge = await call('POST', `/v1/patients/${patient.id}/pix-charges`, cookie, { appointmentIds: [next.id], sendEmail: true });
    expect(charge.json().data.pixCharge.emailedTo).toBe(payerEmail);
    const badPayer = await call('PUT', `/v1/patients/${patient.id}`, cookie, { firstName: 'João', lastName: 'Pereira', payerEmail: 'marta' });
    expect(badPayer.json()).toEqual(failure(400, v.emailInvalid));

    const other = await call('POST', `/v1/payments/${payment.id}/receipt/email`, cookie, { email: 'contador@example.com' });
    expect(other.json().data.email).toBe('contador@example.com');
    const badEmail = await call('POST', `/v1/payments/${payment.id}/receipt/email`, cookie, { email: 'contador' });
    expect(badEmail.json()).toEqual(failure(400, v.emailInvalid));
  });

  it('leaves a balance after a partial payment, settling the oldest session first, and shows it on the patient', async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const second = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const partial = await pay(cookie, { patientId: patient.id, appointmentIds: [first.id, second.id], amountCents: 20000 });
    expect(await appointment(cookie, first.id)).toMatchObject({ paymentStatus: 'paid', paidCents: 15000 });
    // The receipt says which session it paid only in part.
    const receiptText = await pdfText((await call('GET', `/v1/payments/${partial.id}/receipt`, cookie)).rawPayload);
    expect(receiptText).toContain(messages.finance.receipt.partial(brazilianDate(second.startsAt), formatCents(5000), formatCents(15000)).replace(/\s+/g, ' '));
    expect(receiptText).not.toContain(brazilianDate(first.startsAt) + ':');
    expect(await appointment(cookie, second.id)).toMatchObject({ paymentStatus: 'pending', paidCents: 5000 });
    // A fee edited afterwards does not change a receipt already issued.
    expect((await call('PUT', `/v1/appointments/${second.id}`, cookie, { feeCents: 18000 })).statusCode).toBe(200);
    const again = await pdfText((await call('GET', `/v1/payments/${partial.id}/receipt`, cookie)).rawPayload);
    expect(again).toContain(messages.finance.receipt.partial(brazilianDate(second.startsAt), formatCents(5000), formatCents(15000)).replace(/\s+/g, ' '));
    expect((await call('PUT', `/v1/appointments/${second.id}`, cookie, { feeCents: 15000 })).statusCode).toBe(200);
    // Allocations made before 0029 kept no fee: its backfill gives them the session's fee.
    const allocationsOfPartial = eq(paymentAllocations.paymentId, partial.id);
    await t.database.db.update(paymentAllocations).set({ feeCents: null }).where(allocationsOfPartial);
    const backfill = codeMigrations().find((migration) => migration.tag === '0029_allocation_fee')!.statements.find((statement) => statement.includes('UPDATE'))!;
    // Only on this payment's rows: other tests' rows in this database are left as they are.
    await t.database.db.execute(sql.raw(`${backfill.trim().replace(/;$/, '')} AND "allocation"."payment_id" = '${partial.id}'`));
    const backfilled = await t.database.db.select({ feeCents: paymentAllocations.feeCents }).from(paymentAllocations).where(allocationsOfPartial);
    expect(backfilled).toEqual([{ feeCents: 15000 }, { feeCents: 15000 }]);

    const account = await call('GET', `/v1/patients/${patient.id}/finance`, cookie);
    expect(account.statusCode).toBe(200);
    expect(account.json().data.finance).toMatchObject({
      balanceCents: 10000,
      sessions: [{ id: second.id, feeCents: 15000, paidCents: 5000, balanceCents: 10000 }],
      payments: [{ receiptNumber: 1, amountCents: 20000 }],
    });

    const above = await call('POST', '/v1/users/me/payments', cookie, { patientId: patient.id, appointmentIds: [second.id], amountCents: 10001, method: 'cash', paidAt: '2025-03-20' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual(failure(400, e.amountAboveBalance(formatCents(10000))));

    await pay(cookie, { patientId: patient.id, appointmentIds: [second.id], amountCents: 10000, method: 'cash' });
    expect(await appointment(cookie, second.id)).toMatchObject({ paymentStatus: 'paid', paidCents: 15000 });
    expect((await call('GET', `/v1/patients/${patient.id}/finance`, cookie)).json().data.finance).toMatchObject({ balanceCents: 0, sessions: [] });
  });

  it('lists a session still ahead among the pending ones without counting it in the balance; a charged cancellation counts at once', async () => {
    const { cookie, patient } = await setup();
    const held = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const ahead = await book(cookie, patient.id, '2025-03-26T10:00:00-03:00');
    // Cancelled late and charged ('cobrar falta'): owed at once, though its time is still ahead.
    const charged = await book(cookie, patient.id, '2025-03-27T10:00:00-03:00');
    const back = Date.parse('2025-03-20T12:00:00-03:00') - t.clock.now().getTime();
    t.clock.advance(back / 1000);
    try {
      expect((await call('PUT', `/v1/appointments/${charged.id}`, cookie, { status: 'cancelled', chargeMissed: true })).statusCode).toBe(200);
      const pending = (await call('GET', `/v1/users/me/finance/pending?month=${MONTH}`, cookie)).json().data.patients;
      expect(pending).toMatchObject([
        {
          balanceCents: 30000,
          sessions: [
            { id: held.id, balanceCents: 15000, upcoming: false },
            { id: ahead.id, balanceCents: 15000, upcoming: true },
            { id: charged.id, balanceCents: 15000, upcoming: false },
          ],
        },
      ]);
      const account = (await call('GET', `/v1/patients/${patient.id}/finance`, cookie)).json().data.finance;
      expect(account).toMatchObject({ balanceCents: 30000, sessions: [{ id: held.id }, { id: ahead.id }, { id: charged.id }] });
      const summary = (await call('GET', `/v1/users/me/finance/summary?month=${MONTH}`, cookie)).json().data.summary;
      expect(summary).toMatchObject({ pendingCents: 45000, receivableCents: 30000 });
    } finally {
      t.clock.advance(-back / 1000);
    }
  });

  it('charges a cancelled session only when marked "cobrar falta", and never a waived one', async () => {
    const { cookie, patient } = await setup();
    const cancelled = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    await call('PUT', `/v1/appointments/${cancelled.id}`, cookie, { status: 'no_show' });
    const refused = await call('POST', '/v1/users/me/payments', cookie, { patientId: patient.id, appointmentIds: [cancelled.id], amountCents: 15000, method: 'pix', paidAt: '2025-03-20' });
    expect(refused.statusCode).toBe(409);
    expect((await call('GET', `/v1/users/me/finance/pending?month=${MONTH}`, cookie)).json().data.patients).toEqual([]);

    await call('PUT', `/v1/appointments/${cancelled.id}`, cookie, { chargeMissed: true });
    const pending = (await call('GET', `/v1/users/me/finance/pending?month=${MONTH}`, cookie)).json().data.patients;
    expect(pending).toMatchObject([{ patientId: patient.id, patientName: 'João Pereira', balanceCents: 15000, sessions: [{ id: cancelled.id, status: 'no_show' }] }]);

    const waived = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const answer = await call('PUT', `/v1/appointments/${waived.id}`, cookie, { paymentStatus: 'waived' });
    expect(answer.json().data.appointment.paymentStatus).toBe('waived');
    const onWaived = await call('POST', '/v1/users/me/payments', cookie, { patientId: patient.id, appointmentIds: [waived.id], amountCents: 15000, method: 'pix', paidAt: '2025-03-20' });
    expect(onWaived.json()).toEqual(failure(409, e.appointmentNotChargeable));
    const back = await call('PUT', `/v1/appointments/${waived.id}`, cookie, { paymentStatus: 'pending' });
    expect(back.json().data.appointment.paymentStatus).toBe('pending');
  });

  it('refuses bad payments in Portuguese', async () => {
    const { cookie, patient } = await setup();
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const other = await newPatient(t, { owner: { id: (await call('GET', '/v1/users/me', cookie)).json().data.user.id } });
    const base = { patientId: patient.id, appointmentIds: [session.id], amountCents: 15000, method: 'pix', paidAt: '2025-03-20' };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ amountCents: 0 }, 400, v.amountInvalid],
      [{ amountCents: '150,00' }, 400, v.amountInvalid],
      [{ method: 'cheque' }, 400, v.paymentMethodInvalid],
      [{ appointmentIds: [] }, 400, v.appointmentsRequired],
      [{ appointmentIds: ['nao-e-id'] }, 400, v.idInvalid],
      [{ paidAt: 'ontem' }, 400, v.dateInvalid(v.dateFields.paidAt)],
      [{ paidAt: '2099-01-01' }, 400, v.paidAtFuture],
      [{ patientId: other.id }, 400, e.appointmentsNotPatients],
      [{ note: 'x'.repeat(501) }, 400, v.tooLong(500)],
    ];
    for (const [change, status, message] of cases) {
      const response = await call('POST', '/v1/users/me/payments', cookie, { ...base, ...change });
      expect([response.statusCode, response.json()], JSON.stringify(change)).toEqual([status, failure(status, message)]);
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.patientId, patient.id))).toEqual([]);
  });
});

describe('cancelling a receipt', () => {
  it('keeps its number, marks it cancelled with the reason, takes it out of the month and leaves its sessions owed again', async () => {
    const { cookie, patient } = await setup();
    const first = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const second = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const payment = await pay(cookie, { patientId: patient.id, appointmentIds: [first.id, second.id], amountCents: 30000 });

    const voided = await call('POST', `/v1/payments/${payment.id}/void`, cookie, { reason: '  Valor lançado errado ' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ message: f.paymentVoided(1), data: { payment: { id: payment.id, receiptNumber: 1, voidReason: 'Valor lançado errado' } } });
    expect(voided.json().data.payment.voidedAt).toEqual(expect.any(String));
    expect(await appointment(cookie, first.id)).toMatchObject({ paidCents: 0, paymentStatus: 'pending' });
    expect(await appointment(cookie, second.id)).toMatchObject({ paidCents: 0, paymentStatus: 'pending' });

    const summary = (await call('GET', `/v1/users/me/finance/summary?month=${MONTH}`, cookie)).json().data.summary;
    expect(summary).toMatchObject({ receivedCents: 0, paymentsCount: 0 });
    const listed = (await call('GET', `/v1/users/me/payments?month=${MONTH}`, cookie)).json().data.payments as Payment[];
    expect(listed.map((item) => [item.receiptNumber, item.voidReason])).toEqual([[1, 'Valor lançado errado']]);
    const csv = (await call('GET', `/v1/users/me/finance/report?month=${MONTH}&format=csv`, cookie)).body;
    expect(csv).not.toContain('João Pereira');
    const pdf = await call('GET', `/v1/payments/${payment.id}/receipt`, cookie);
    expect(await pdfText(pdf.rawPayload)).toContain('RECIBO CANCELADO');

    expect((await call('POST', `/v1/payments/${payment.id}/void`, cookie, { reason: 'De novo' })).json()).toEqual(failure(409, e.paymentVoided));
    expect((await call('POST', `/v1/payments/${payment.id}/receipt/email`, cookie, {})).json()).toEqual(failure(409, e.paymentVoided));
    // The sessions are paid again with the next number: the sequence has no gap and no repeat.
    const again = await pay(cookie, { patientId: patient.id, appointmentIds: [first.id, second.id], amountCents: 30000 });
    expect(again.receiptNumber).toBe(2);
    expect(await appointment(cookie, second.id)).toMatchObject({ paidCents: 15000, paymentStatus: 'paid' });
  });

  it('asks for a reason, and answers 404 for another professional’s payment or an unknown one', async () => {
    const { cookie, patient } = await setup();
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const payment = await pay(cookie, { patientId: patient.id, appointmentIds: [session.id], amountCents: 15000 });
    for (const body of [{}, { reason: ' ' }, { reason: 12 }, { reason: 'ab' }]) {
      expect((await call('POST', `/v1/payments/${payment.id}/void`, cookie, body)).json()).toEqual(failure(400, v.voidReasonRequired));
    }
    const intruder = await newSignedInUser(t);
    expect((await call('POST', `/v1/payments/${payment.id}/void`, intruder.cookie, { reason: 'Não é meu' })).json()).toEqual(failure(404, e.paymentNotFound));
    expect((await call('POST', `/v1/payments/${crypto.randomUUID()}/void`, cookie, { reason: 'Qualquer' })).json()).toEqual(failure(404, e.paymentNotFound));
    expect(await appointment(cookie, session.id)).toMatchObject({ paidCents: 15000, paymentStatus: 'paid' });
  });
});

describe('the month', () => {
  it('sums what was received by method and what is pending, lists pending sessions by patient, and reports a CSV for a Brazilian spreadsheet', async () => {
    const { cookie, patient } = await setup({ payer: true });
    const first = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const second = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    const third = await book(cookie, patient.id, '2025-03-19T10:00:00-03:00');
    await book(cookie, patient.id, '2025-04-02T10:00:00-03:00');
    await pay(cookie, { patientId: patient.id, appointmentIds: [first.id], amountCents: 15000, method: 'pix', paidAt: '2025-03-05' });
    await pay(cookie, { patientId: patient.id, appointmentIds: [second.id], amountCents: 10050, method: 'cash', paidAt: '2025-03-31T22:00:00-03:00', note: 'Pago na recepção; restante no mês que vem' });

    const summary = await call('GET', `/v1/users/me/finance/summary?month=${MONTH}`, cookie);
    expect(summary.json().data.summary).toEqual({
      month: MONTH,
      receivedCents: 25050,
      pendingCents: 4950 + 15000,
      byMethod: { pix: 15000, cash: 10050, card: 0, transfer: 0, other: 0 },
      paymentsCount: 2,
      receivableCents: 4950 + 15000 + 15000,
      receivablePatients: 1,
    });
    const april = (await call('GET', '/v1/users/me/finance/summary?month=2025-04', cookie)).json().data.summary;
    expect(april).toMatchObject({ receivedCents: 0, pendingCents: 15000 });

    const pending = (await call('GET', `/v1/users/me/finance/pending?month=${MONTH}`, cookie)).json().data.patients;
    expect(pending).toEqual([
      {
        patientId: patient.id,
        patientName: 'João Pereira',
        payerName: 'Marta Pereira',
        email: expect.any(String),
        balanceCents: 19950,
        sessions: [
          expect.objectContaining({ id: second.id, feeCents: 15000, paidCents: 10050, balanceCents: 4950 }),
          expect.objectContaining({ id: third.id, feeCents: 15000, paidCents: 0, balanceCents: 15000 }),
        ],
      },
    ]);

    const listed = (await call('GET', `/v1/users/me/payments?month=${MONTH}`, cookie)).json().data.payments as Payment[];
    expect(listed.map((payment) => [payment.receiptNumber, payment.paidAt])).toEqual([
      [1, '2025-03-05'],
      [2, '2025-03-31'],
    ]);

    const report = await call('GET', `/v1/users/me/finance/report?month=${MONTH}&format=csv`, cookie);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe('attachment; filename="relatorio-2025-03.csv"');
    expect([...report.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv<Record<string, string>>(report.rawPayload, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true });
    const c = f.csv;
    expect(rows).toEqual([
      {
        [c.date]: '05/03/2025',
        [c.receipt]: '1',
        [c.patient]: 'João Pereira',
        [c.patientDocument]: PATIENT_CPF,
        [c.payer]: 'Marta Pereira',
        [c.payerDocument]: PAYER_CPF,
        [c.amount]: '150,00',
        [c.method]: 'Pix',
        [c.sessions]: '05/03/2025',
      },
      expect.objectContaining({ [c.date]: '31/03/2025', [c.receipt]: '2', [c.amount]: '100,50', [c.method]: 'Dinheiro' }),
    ]);
    const total = rows.reduce((sum, row) => sum + Number(row[c.amount]!.replace(',', '.')) * 100, 0);
    expect(Math.round(total)).toBe(25050);

    for (const bad of ['2025-13', '03-2025', '']) {
      const response = await call('GET', `/v1/users/me/finance/summary?month=${bad}`, cookie);
      expect(response.json()).toEqual(failure(400, v.monthInvalid(v.dateFields.month)));
    }
    const xlsx = await call('GET', `/v1/users/me/finance/report?month=${MONTH}&format=xlsx`, cookie);
    expect(xlsx.json()).toEqual(failure(400, v.reportFormatInvalid));
  });

  it('writes no cell a spreadsheet would run as a formula, and keeps a CPF with a leading zero', async () => {
    const { cookie } = await setup();
    const hostile = { firstName: '=HYPERLINK("http://evil.example";"abrir")', lastName: '-2+3' };
    const created = await call('POST', '/v1/users/me/patients', cookie, {
      ...hostile,
      document: '012.345.678-90',
      payerName: '@SUM(A1:A9)',
      payerDocument: PAYER_CPF,
      sessionFeeCents: 15000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const patientId = created.json().data.patient.id as string;
    const session = await book(cookie, patientId, '2025-03-05T10:00:00-03:00');
    await pay(cookie, { patientId, appointmentIds: [session.id], amountCents: 15000 });

    const report = await call('GET', `/v1/users/me/finance/report?month=${MONTH}&format=csv`, cookie);
    const c = f.csv;
    const [row] = parseCsv<Record<string, string>>(report.rawPayload, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true });
    expect(row).toEqual({
      [c.date]: '20/03/2025',
      [c.receipt]: '1',
      [c.patient]: `'${hostile.firstName} ${hostile.lastName}`,
      [c.patientDocument]: '012.345.678-90',
      [c.payer]: "'@SUM(A1:A9)",
      [c.payerDocument]: PAYER_CPF,
      [c.amount]: '150,00',
      [c.method]: 'Pix',
      [c.sessions]: '05/03/2025',
    });
  });
});

describe('Pix charges', () => {
  it('needs a Pix key in the profile', async () => {
    const { cookie, patient } = await setup();
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const response = await call('POST', `/v1/patients/${patient.id}/pix-charges`, cookie, { appointmentIds: [session.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(failure(409, e.pixKeyMissing));
  });

  it('makes a static BR Code that the library parses back with the amount, the key and a valid CRC, and mails it with its QR', async () => {
    const { cookie, patient, user } = await setup({ pixKey: PROFESSIONAL_CPF });
    const first = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const second = await book(cookie, patient.id, '2025-03-12T10:00:00-03:00');
    await pay(cookie, { patientId: patient.id, appointmentIds: [first.id], amountCents: 5000 });
    const since = t.smtp.received.length;
    const response = await call('POST', `/v1/patients/${patient.id}/pix-charges`, cookie, { appointmentIds: [first.id, second.id], sendEmail: true });
    expect(response.statusCode).toBe(201);
    const charge = response.json<{ data: { pixCharge: PixCharge } }>().data.pixCharge;
    expect(charge).toMatchObject({ amountCents: 25000, emailedTo: `joao.${user.username}@example.com`, qrCode: expect.stringMatching(/^data:image\/png;base64,/) });

    expect(readBrCode(charge.payload).get('54')).toBe('250.00');
    const parsed = parsePix(charge.payload);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`not a static Pix: ${JSON.stringify(parsed)}`);
    expect(parsed).toMatchObject({ pixKey: '52998224725', transactionAmount: 250, merchantName: 'ANA SOUZA', merchantCity: 'SAO PAULO', txid: charge.txid });
    const tampered = charge.payload.replace('250.00', '25.00');
    expect(hasError(parsePix(tampered))).toBe(true);

    const mail = await t.smtp.waitFor(`joao.${user.username}@example.com`, since);
    expect(mail.subject).toBe(messages.mail.pixSubject('Dra. Ana Souza'));
    expect(mail.text).toContain(charge.payload);
    expect(mail.text).toContain('05/03/2025 e 12/03/2025');
    expect(mail.attachments[0]).toMatchObject({ filename: 'pix-qrcode.png', mimeType: 'image/png' });
  });

  it('refuses sessions with nothing to charge', async () => {
    const { cookie, patient } = await setup({ pixKey: 'ana@example.com' });
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    await pay(cookie, { patientId: patient.id, appointmentIds: [session.id], amountCents: 15000 });
    const response = await call('POST', `/v1/patients/${patient.id}/pix-charges`, cookie, { appointmentIds: [session.id] });
    expect(response.json()).toEqual(failure(409, e.appointmentNotChargeable));
    const none = await call('POST', `/v1/patients/${patient.id}/pix-charges`, cookie, { appointmentIds: [] });
    expect(none.json()).toEqual(failure(400, v.appointmentsRequired));
  });
});

describe("another professional's data", () => {
  it('answers 404 on every finance route and changes nothing', async () => {
    const owner = await setup({ pixKey: PROFESSIONAL_CPF });
    const session = await book(owner.cookie, owner.patient.id, '2025-03-05T10:00:00-03:00');
    const payment = await pay(owner.cookie, { patientId: owner.patient.id, appointmentIds: [session.id], amountCents: 5000 });
    const intruder = await setup({ pixKey: PROFESSIONAL_CPF });
    const ownSession = await book(intruder.cookie, intruder.patient.id, '2025-03-06T10:00:00-03:00');

    const answers = await Promise.all([
      call('POST', '/v1/users/me/payments', intruder.cookie, { patientId: owner.patient.id, appointmentIds: [session.id], amountCents: 100, method: 'pix', paidAt: '2025-03-20' }),
      call('POST', '/v1/users/me/payments', intruder.cookie, { patientId: intruder.patient.id, appointmentIds: [session.id], amountCents: 100, method: 'pix', paidAt: '2025-03-20' }),
      call('POST', '/v1/users/me/payments', intruder.cookie, { patientId: intruder.patient.id, appointmentIds: [ownSession.id, session.id], amountCents: 100, method: 'pix', paidAt: '2025-03-20' }),
      call('GET', `/v1/payments/${payment.id}`, intruder.cookie),
      call('GET', `/v1/payments/${payment.id}/receipt`, intruder.cookie),
      call('POST', `/v1/payments/${payment.id}/receipt/email`, intruder.cookie, {}),
      call('GET', `/v1/patients/${owner.patient.id}/finance`, intruder.cookie),
      call('POST', `/v1/patients/${owner.patient.id}/pix-charges`, intruder.cookie, { appointmentIds: [session.id] }),
      call('POST', `/v1/patients/${intruder.patient.id}/pix-charges`, intruder.cookie, { appointmentIds: [session.id] }),
      call('PUT', `/v1/patients/${owner.patient.id}`, intruder.cookie, { firstName: 'Xavier', lastName: 'Yamada', sessionFeeCents: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    expect(answers.map((answer) => answer.json<{ message: string }>().message)).toEqual([
      e.patientNotFound,
      e.appointmentNotFound,
      e.appointmentNotFound,
      e.paymentNotFound,
      e.paymentNotFound,
      e.paymentNotFound,
      e.patientNotFound,
      e.patientNotFound,
      e.appointmentNotFound,
      e.patientNotFound,
    ]);
    expect(await appointment(owner.cookie, session.id)).toMatchObject({ paidCents: 5000, paymentStatus: 'pending' });
    const theirs = (await call('GET', `/v1/users/me/finance/summary?month=${MONTH}`, intruder.cookie)).json().data.summary;
    expect(theirs).toMatchObject({ receivedCents: 0, pendingCents: 15000 });
    expect((await call('GET', `/v1/users/me/payments?month=${MONTH}`, intruder.cookie)).json().data.payments).toEqual([]);
    const [row] = await t.database.db.select({ paid: appointments.paidCents }).from(appointments).where(eq(appointments.id, session.id));
    expect(row?.paid).toBe(5000);
  });

  it('keeps a payment and its receipt when the patient is deleted', async () => {
    const { cookie, patient } = await setup();
    const session = await book(cookie, patient.id, '2025-03-05T10:00:00-03:00');
    const payment = await pay(cookie, { patientId: patient.id, appointmentIds: [session.id], amountCents: 15000 });
    expect((await call('DELETE', `/v1/patients/${patient.id}`, cookie)).statusCode).toBe(200);
    const kept = (await call('GET', `/v1/payments/${payment.id}`, cookie)).json().data.payment;
    expect(kept).toMatchObject({ patientId: null, patientName: 'João Pereira', sessions: [{ appointmentId: null, startsAt: session.startsAt }] });
    const receipt = await call('GET', `/v1/payments/${payment.id}/receipt`, cookie);
    expect(await pdfText(receipt.rawPayload)).toContain('05/03/2025');
    const mail = await call('POST', `/v1/payments/${payment.id}/receipt/email`, cookie, {});
    expect(mail.json()).toEqual(failure(409, e.recipientEmailMissing));
  });
});
