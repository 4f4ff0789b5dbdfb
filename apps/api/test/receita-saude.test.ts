// Receita Saúde and the Carnê-Leão (issue 28): the profile's taxpayer type, CNPJ and occupation;
// the income file's lines field by field (a parent paying for a child, an adult paying for
// themselves) against the layout's fixtures; cancelled and incomplete payments left out; the
// payment's Receita Saúde state and the bulk marking; the 1,001-line ZIP read back by yauzl; the
// livro-caixa and its file; the month's summary; the PDF recibo's sentence; bad input and another
// professional's 404s.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messages, type CarneLeaoSummary, type Expense, type Payment, type User } from '@consultorio/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, payments } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { zipEntries } from './helpers/zip';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';

const tax = messages.tax;
const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'fixtures', name));

const PROFESSIONAL_CPF = '52998224725';
const CHILD_CPF = '111.444.777-35';
const PARENT_CPF = '935.411.347-80';
const ADULT_CPF = '390.533.447-05';
const CNPJ = '11.222.333/0001-81';
/** The smallest file that is told a PDF by its bytes. */
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

let t: TestApp;
let pro: Awaited<ReturnType<typeof professional>>;
let other: Awaited<ReturnType<typeof professional>>;
/** Receipts 1 (child, paid by the parent), 2 (adult), 3 (a patient without CPF) and 4 (adult, then cancelled). */
let paid: Payment[];

function call(method: InjectOptions['method'], url: string, cookie: string, payload?: unknown) {
  return t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function professional(overrides: Record<string, unknown> = {}) {
  return newSignedInUser(t, {
    firstName: 'Ana',
    lastName: 'Souza',
    profession: 'Psicóloga',
    document: PROFESSIONAL_CPF,
    professionalRegistration: 'CRP 06/123456',
    city: 'São Paulo',
    ...overrides,
  });
}

/** A patient (with a fee of R$ 150,00) whose one session is paid on `paidAt`. */
async function paidSession(cookie: string, ownerId: string, patient: Record<string, unknown>, paidAt: string, amountCents = 15000): Promise<Payment> {
  const row = await newPatient(t, { owner: { id: ownerId }, firstName: String(patient.firstName) });
  const updated = await call('PUT', `/v1/patients/${row.id}`, cookie, { lastName: 'Lima', sessionFeeCents: amountCents, ...patient });
  expect(updated.statusCode, updated.body).toBe(200);
  const booked = await call('POST', '/v1/users/me/appointments', cookie, { patientId: row.id, startsAt: `${paidAt}T09:00:00-03:00` });
  expect(booked.statusCode, booked.body).toBe(201);
  const payment = await call('POST', '/v1/users/me/payments', cookie, {
    patientId: row.id,
    appointmentIds: [booked.json().data.appointment.id],
    amountCents,
    method: 'pix',
    paidAt,
  });
  expect(payment.statusCode, payment.body).toBe(201);
  return payment.json().data.payment as Payment;
}

async function summary(cookie: string, month = '2025-03'): Promise<CarneLeaoSummary> {
  const response = await call('GET', `/v1/users/me/finance/carne-leao/summary?month=${month}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.carneLeao as CarneLeaoSummary;
}

async function incomeFile(cookie: string, query = 'year=2025&format=csv') {
  return call('GET', `/v1/users/me/finance/carne-leao?${query}`, cookie);
}

beforeAll(async () => {
  t = await createTestApp();
  pro = await professional();
  other = await professional({ firstName: 'Outra' });
  const { cookie, user } = pro;
  paid = [
    await paidSession(cookie, user.id, { firstName: 'Pedro', document: CHILD_CPF, payerName: 'Marta Lima', payerDocument: PARENT_CPF }, '2025-03-10'),
    await paidSession(cookie, user.id, { firstName: 'João', document: ADULT_CPF }, '2025-03-12', 20000),
    await paidSession(cookie, user.id, { firstName: 'Sem CPF' }, '2025-03-15'),
    await paidSession(cookie, user.id, { firstName: 'Cancelado', document: ADULT_CPF }, '2025-03-16'),
  ];
  const voided = await call('POST', `/v1/payments/${paid[3]!.id}/void`, cookie, { reason: 'Registrado em dobro' });
  expect(voided.statusCode, voided.body).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('the profile', () => {
  it('answers how the professional works and the occupation the profession suggests, and refuses a bad CNPJ or code storing nothing', async () => {
    const me = (await call('GET', '/v1/users/me', pro.cookie)).json().data.user as User;
    expect(me).toMatchObject({ taxpayerType: 'individual', cnpj: null, occupationCode: '255' });
    const base = { firstName: 'Outra', lastName: 'Souza', profession: 'Psicóloga' };
    for (const [body, message] of [
      [{ cnpj: '11.222.333/0001-82' }, tax.validation.cnpjInvalid],
      [{ cnpj: '12.ABC.345/01DE-36' }, tax.validation.cnpjInvalid],
      [{ cnpj: '12.ABC.345/01DE-3A' }, tax.validation.cnpjInvalid],
      [{ occupationCode: '999' }, tax.validation.occupationInvalid],
      [{ taxpayerType: 'company' }, tax.validation.cnpjRequired],
    ] as const) {
      const refused = await call('PUT', '/v1/users/me', other.cookie, { ...base, ...body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const company = await call('PUT', '/v1/users/me', other.cookie, { ...base, taxpayerType: 'company', cnpj: CNPJ, occupationCode: '225' });
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json().data.user).toMatchObject({ taxpayerType: 'company', cnpj: '11222333000181', occupationCode: '225' });
    // The alphanumeric CNPJ the Receita issues since July 2026, typed in small letters.
    const alphanumeric = await call('PUT', '/v1/users/me', other.cookie, { ...base, taxpayerType: 'company', cnpj: '12.abc.345/01de-35' });
    expect(alphanumeric.json().data.user).toMatchObject({ taxpayerType: 'company', cnpj: '12ABC34501DE35' });
    const back = await call('PUT', '/v1/users/me', other.cookie, { ...base, taxpayerType: 'individual', occupationCode: null });
    expect(back.json().data.user).toMatchObject({ taxpayerType: 'individual', occupationCode: '255' });
  });
});

describe('the Carnê-Leão income file', () => {
  it("writes one line per payment in the layout, field by field, for a parent paying for a child and an adult paying for themselves", async () => {
    const response = await incomeFile(pro.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain(tax.file.incomeName(2025));
    expect(response.rawPayload.equals(await fixture('carne-leao-income.csv'))).toBe(true);
    const rows: string[][] = parseCsv(response.body, { delimiter: ';' });
    const [child, adult] = rows;
    expect(child).toHaveLength(16);
    expect(child).toEqual([
      '10/03/2025',
      'R01.001.001',
      '255',
      '150,00',
      '',
      'Recibo 1 - atendimento',
      'PF',
      '93541134780',
      '11144477735',
      '',
      '',
      '',
      '',
      'S',
      PROFESSIONAL_CPF,
      'CRP 06/123456',
    ]);
    expect([adult![3], adult![7], adult![8]]).toEqual(['200,00', '39053344705', '39053344705']);
  });

  it('leaves out cancelled and incomplete payments, lists the incomplete ones, and takes one in once its CPF is given', async () => {
    const month = await summary(pro.cookie);
    expect(month.incomplete).toEqual([expect.objectContaining({ id: paid[2]!.id, receiptNumber: 3, missing: ['payerDocument', 'patientDocument'] })]);
    const refused = await call('PUT', `/v1/payments/${paid[2]!.id}/receita-saude`, pro.cookie, { status: 'issued' });
    expect(refused.statusCode).toBe(409);
    const badCpf = await call('PUT', `/v1/payments/${paid[2]!.id}/receita-saude`, pro.cookie, { status: 'pending', patientDocument: '123.456.789-00' });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json().message).toContain(messages.validation.documentInvalid);
    const filled = await call('PUT', `/v1/payments/${paid[2]!.id}/receita-saude`, pro.cookie, { status: 'pending', patientDocument: ADULT_CPF, payerDocument: ADULT_CPF });
    expect(filled.statusCode, filled.body).toBe(200);
    const lines = (await incomeFile(pro.cookie)).body.trim().split('\r\n');
    expect(lines.map((line) => line.split(';')[5])).toEqual(['Recibo 1 - atendimento', 'Recibo 2 - atendimento', 'Recibo 3 - atendimento']);
    expect((await summary(pro.cookie)).incompleteCount).toBe(0);
  });

  it('changes a payment to issued and back, and keeps the issued ones out of the pending file only', async () => {
    const early = await call('PUT', `/v1/payments/${paid[1]!.id}/receita-saude`, pro.cookie, { status: 'issued', issuedOn: '2025-01-02' });
    expect([early.statusCode, early.json().message]).toEqual([400, tax.validation.issuedBeforePayment]);
    const issued = await call('PUT', `/v1/payments/${paid[1]!.id}/receita-saude`, pro.cookie, { status: 'issued', issuedOn: '2025-03-12', number: 'RS-42' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.payment.receitaSaude).toEqual({ status: 'issued', issuedOn: '2025-03-12', number: 'RS-42' });
    expect((await incomeFile(pro.cookie)).body).not.toContain('Recibo 2 ');
    expect((await incomeFile(pro.cookie, 'year=2025&format=csv&status=all')).body).toContain('Recibo 2 ');
    const back = await call('PUT', `/v1/payments/${paid[1]!.id}/receita-saude`, pro.cookie, { status: 'pending' });
    expect(back.json().data.payment.receitaSaude).toEqual({ status: 'pending', issuedOn: null, number: null });
    const voided = await call('PUT', `/v1/payments/${paid[3]!.id}/receita-saude`, pro.cookie, { status: 'issued' });
    expect(voided.statusCode).toBe(409);
    const bad = await call('PUT', `/v1/payments/${paid[1]!.id}/receita-saude`, pro.cookie, { status: 'not_required' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(tax.validation.statusInvalid);
  });

  it('refuses a year outside 2025 to the current one, and a professional without CPF', async () => {
    const currentYear = new Date().getUTCFullYear();
    for (const year of ['2024', String(currentYear + 1), 'abc']) {
      const refused = await incomeFile(pro.cookie, `year=${year}`);
      expect(refused.statusCode, year).toBe(400);
      expect(refused.json().message).toMatch(/^Ano inválido/);
    }
    const noCpf = await professional({ document: null });
    expect((await incomeFile(noCpf.cookie)).statusCode).toBe(409);
    const noExpenses = await call('GET', '/v1/users/me/finance/carne-leao/expenses?year=2025&format=csv', noCpf.cookie);
    expect([noExpenses.statusCode, noExpenses.json().message]).toEqual([409, tax.errors.noExpenses(2025)]);
    // Every payment to issue lacks a CPF: the refusal says so, not that nothing is to issue.
    const lacking = await professional();
    await paidSession(lacking.cookie, lacking.user.id, { firstName: 'Rui' }, '2025-03-10');
    const incomplete = await incomeFile(lacking.cookie);
    expect([incomplete.statusCode, incomplete.json().message]).toEqual([409, tax.errors.allIncomplete(2025)]);
  });

  it('splits 1,001 lines into a ZIP of two files that an independent reader opens', async () => {
    const big = await professional();
    const rows = Array.from({ length: 1001 }, (_, index) => ({
      ownerId: big.user.id,
      receiptNumber: index + 1,
      amountCents: 10000 + index,
      method: 'pix' as const,
      paidOn: `2025-${String((index % 12) + 1).padStart(2, '0')}-10`,
      patientName: 'Paciente',
      patientDocument: CHILD_CPF.replace(/\D/g, ''),
      payerName: 'Pagador',
      payerDocument: PARENT_CPF.replace(/\D/g, ''),
    }));
    await t.database.db.insert(payments).values(rows);
    const response = await incomeFile(big.cookie);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = [...(await zipEntries(response.rawPayload))].map(([name, bytes]) => ({ name, text: bytes.toString('latin1') }));
    expect(entries.map((entry) => entry.name).sort()).toEqual([tax.file.partName(2025, 1), tax.file.partName(2025, 2)]);
    const lineCounts = entries.map((entry) => entry.text.split('\r\n').filter(Boolean).length).sort((a, b) => a - b);
    expect(lineCounts).toEqual([1, 1000]);
    expect(entries.every((entry) => entry.text.split('\r\n').filter(Boolean).every((line) => line.split(';').length === 16))).toBe(true);
  });
});

describe('the bulk marking and the summary', () => {
  it("marks the exported payments as issued, and the month's figures follow", async () => {
    const before = await summary(pro.cookie);
    expect(before).toMatchObject({ obliged: true, incomeCents: 50000, pendingCount: 3, issuedCount: 0, incompleteCount: 0 });
    const early = await call('POST', '/v1/users/me/finance/carne-leao/mark-issued', pro.cookie, { year: 2025, exportedAt: '2000-01-01T00:00:00Z' });
    expect(early.json().data.count).toBe(0);
    const marked = await call('POST', '/v1/users/me/finance/carne-leao/mark-issued', pro.cookie, { year: 2025 });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ data: { count: 3 }, message: tax.panel.markedIssued(3) });
    expect(await summary(pro.cookie)).toMatchObject({ pendingCount: 0, issuedCount: 3 });
    // Nothing left to issue: said, instead of an empty file; with the issued ones, the file.
    expect((await incomeFile(pro.cookie)).json()).toMatchObject({ status: 409, code: 'CARNE_LEAO_EMPTY', message: tax.errors.nothingPending(2025) });
    expect((await incomeFile(pro.cookie, 'year=2025&format=csv&status=all')).statusCode).toBe(200);
    expect((await summary(pro.cookie, '2025-04')).pastPendingCount).toBe(0);
  });
});

describe('the livro-caixa', () => {
  it('keeps expenses with their codes, writes their file, and counts the deductible ones in the summary', async () => {
    const create = (body: Record<string, unknown>) => call('POST', '/v1/users/me/expenses', pro.cookie, body);
    const rent = await create({ date: '2025-03-05', code: 'P10.01.00002', amountCents: 120000, description: 'Aluguel do consultório; março' });
    expect(rent.statusCode, rent.body).toBe(201);
    expect(rent.json().data.expense).toMatchObject({ code: 'P10.01.00002', deductible: true, amountCents: 120000 });
    const fuel = (await create({ date: '2025-03-20', code: 'P11.01.00007', amountCents: 9999, description: 'Gasolina' })).json().data.expense as Expense;
    const badCode = await create({ date: '2025-03-20', code: 'P10.01.00099', amountCents: 100, description: 'x' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain(tax.validation.expenseCodeInvalid);
    const updated = await call('PUT', `/v1/expenses/${fuel.id}`, pro.cookie, { date: '2025-03-20', code: 'P11.01.00007', amountCents: 8050, description: 'Combustível' });
    expect(updated.statusCode, updated.body).toBe(200);
    const extra = (await create({ date: '2025-04-02', code: 'P10.01.00014', amountCents: 500, description: 'Telefone' })).json().data.expense as Expense;
    expect((await call('DELETE', `/v1/expenses/${extra.id}`, pro.cookie)).statusCode).toBe(200);
    const listed = await call('GET', '/v1/users/me/expenses?year=2025&month=03', pro.cookie);
    expect((listed.json().data.expenses as Expense[]).map((expense) => expense.amountCents)).toEqual([120000, 8050]);
    expect((await call('GET', '/v1/users/me/expenses?year=2024', pro.cookie)).statusCode).toBe(400);
    const file = await call('GET', '/v1/users/me/finance/carne-leao/expenses?year=2025&format=csv', pro.cookie);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(await fixture('carne-leao-expenses.csv'))).toBe(true);
    expect(await summary(pro.cookie)).toMatchObject({ incomeCents: 50000, deductibleExpensesCents: 120000, differenceCents: -70000 });
  });

  it('keeps a photo or PDF as the expense receipt through the files module, refuses another type, and forgets it with the expense', async () => {
    const expense = (
      await call('POST', '/v1/users/me/expenses', pro.cookie, { date: '2025-03-07', code: 'P10.01.00007', amountCents: 25000, description: 'Energia' })
    ).json().data.expense as Expense;
    const form = (bytes: string, name: string) => {
      const body = new FormData();
      body.append('file', new File([bytes], name, { type: 'application/octet-stream' }));
      return body;
    };
    const attach = (body: FormData, cookie = pro.cookie) => t.request({ method: 'PUT', url: `/v1/expenses/${expense.id}/receipt`, headers: { cookie }, payload: body });
    const text = await attach(form('só texto', 'nota.txt'));
    expect(text.statusCode, text.body).toBe(415);
    expect(text.json().message).toBe(tax.errors.receiptFileType);
    expect((await attach(form(PDF, 'conta.pdf'), other.cookie)).statusCode).toBe(404);
    const attached = await attach(form(PDF, 'conta.pdf'));
    expect(attached.statusCode, attached.body).toBe(200);
    const receipt = (attached.json().data.expense as Expense).receipt!;
    expect(receipt).toMatchObject({ name: 'conta.pdf', contentType: 'application/pdf' });
    const file = await call('GET', `/v1/files/${receipt.fileKey}`, pro.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF')).toBe(true);
    expect((await call('GET', `/v1/files/${receipt.fileKey}`, other.cookie)).statusCode).toBe(404);
    const removed = await call('DELETE', `/v1/expenses/${expense.id}/receipt`, pro.cookie);
    expect(removed.json().data.expense.receipt).toBeNull();
    expect((await call('GET', `/v1/files/${receipt.fileKey}`, pro.cookie)).statusCode).toBe(404);
    const again = ((await attach(form(PDF, 'conta.pdf'))).json().data.expense as Expense).receipt!;
    expect((await call('DELETE', `/v1/expenses/${expense.id}`, pro.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(files).where(eq(files.key, again.fileKey))).toEqual([]);
  });

  it("answers 404 for another professional's payment or expense", async () => {
    const expense = (
      await call('POST', '/v1/users/me/expenses', pro.cookie, { date: '2025-03-06', code: 'P10.01.00010', amountCents: 100, description: 'ISS' })
    ).json().data.expense as Expense;
    const body = { date: '2025-03-06', code: 'P10.01.00010', amountCents: 1, description: 'x' };
    expect((await call('PUT', `/v1/expenses/${expense.id}`, other.cookie, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/expenses/${expense.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/v1/payments/${paid[0]!.id}/receita-saude`, other.cookie, { status: 'pending' })).statusCode).toBe(404);
    expect((await call('GET', '/v1/users/me/expenses?year=2025', other.cookie)).json().data.expenses).toEqual([]);
  });
});

describe('the PDF recibo', () => {
  async function receiptText(cookie: string, id: string): Promise<string> {
    const response = await call('GET', `/v1/payments/${id}/receipt`, cookie);
    expect(response.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  it("says it does not replace Receita Saúde's for an obliged individual, and names the CNPJ for a company", async () => {
    expect(await receiptText(pro.cookie, paid[0]!.id)).toContain(tax.receipt.notReceitaSaude);
    const company = await professional({ taxpayerType: 'company', cnpj: '11222333000181' });
    const payment = await paidSession(company.cookie, company.user.id, { firstName: 'Lia', document: ADULT_CPF }, '2025-05-02');
    expect(payment.receitaSaude.status).toBe('not_required');
    const text = await receiptText(company.cookie, payment.id);
    expect(text).toContain(tax.receipt.company(CNPJ));
    expect(text).not.toContain(tax.receipt.notReceitaSaude);
  });
});
