import { readFile } from 'node:fs/promises';
import { messages } from '@consultorio/shared';
import { expect, test, type Page } from '@playwright/test';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const tp = messages.tax.panel;
const ZONE = 'America/Sao_Paulo';

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE }).format(new Date());
}

/** The 15th of the month before this one, in São Paulo. */
function lastMonthDay(): string {
  const [year, month] = today().split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, month - 2, 15));
  return previous.toISOString().slice(0, 10);
}

/** A patient (with CPF and a fee of R$ 150,00) and one session of theirs paid on `day`, made through the API. */
async function paidSession(page: Page, firstName: string, day: string): Promise<void> {
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName, lastName: 'Ferraz' } });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { patient: { id: string } } }).data.patient;
  const updated = await page.request.put(`/v1/patients/${id}`, { data: { firstName, lastName: 'Ferraz', document: '111.444.777-35', sessionFeeCents: 15000 } });
  expect(updated.status()).toBe(200);
  const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId: id, startsAt: `${day}T08:00:00-03:00`, allowOverlap: true } });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { data: { appointment: { id: string } } }).data.appointment.id;
  const paid = await page.request.post('/v1/users/me/payments', { data: { patientId: id, appointmentIds: [appointmentId], amountCents: 15000, method: 'pix', paidAt: day } });
  expect(paid.status()).toBe(201);
}

test('a psychologist downloads the Carnê-Leão file, marks the receipts issued, and the Receita Saúde counts change', async ({ page }) => {
  test.setTimeout(120_000);
  const professional = await registerConfirmedProfessional(page, 'Clara');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const profile = await page.request.put('/v1/users/me', {
    data: { firstName: 'Clara', lastName: 'Teste', profession: 'Psicóloga', document: '529.982.247-25', professionalRegistration: 'CRP 06/123456' },
  });
  expect(profile.status()).toBe(200);
  const thisMonth = today().slice(0, 7);
  const lastMonth = lastMonthDay();
  await paidSession(page, 'Lúcia', today());
  await paidSession(page, 'Marcos', lastMonth);

  await test.step('the dashboard reminds of the receipt of last month still to issue', async () => {
    await page.goto('/dashboard');
    await expect(page.getByText(tp.pastPending(1))).toBeVisible();
  });

  const panel = page.getByRole('region', { name: tp.title, exact: true });
  const figure = (name: string) => panel.getByRole('region', { name, exact: true });

  await test.step("the 'Receita Saúde' panel on Financeiro counts one receipt to issue", async () => {
    await page.goto(`/finance?month=${thisMonth}`);
    await expect(figure(tp.pending)).toContainText('1');
    await expect(figure(tp.issued)).toContainText('0');
    await expect(panel.getByRole('list', { name: tp.stepsTitle })).toBeVisible();
  });

  await test.step("an expense of the livro-caixa counts in the panel's deductible expenses", async () => {
    const book = page.getByRole('region', { name: messages.tax.expenses.title, exact: true });
    // The account's field is drawn as it is reached for (its stand-in, then Mantine's Select).
    await book.getByRole('textbox', { name: messages.tax.expenses.code, exact: true }).focus();
    const account = book.getByRole('combobox', { name: messages.tax.expenses.code, exact: true });
    await account.click();
    await account.fill('Aluguel');
    await page.getByRole('option', { name: 'P10.01.00002 — Aluguel do consultório', exact: true }).click();
    await book.getByRole('textbox', { name: messages.tax.expenses.amount, exact: true }).fill('1200');
    await book.getByRole('textbox', { name: messages.tax.expenses.description, exact: true }).fill('Aluguel de sala');
    await book.getByRole('button', { name: messages.tax.expenses.add }).click();
    await seeAndCloseToast(page, messages.tax.expenses.created);
    await expect(book.getByRole('cell', { name: 'Aluguel de sala', exact: true })).toBeVisible();
    await expect(figure(tp.deductible)).toContainText('R$ 1.200,00');
  });

  await test.step("download the year's file: one line per payment in the Carnê-Leão layout", async () => {
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: new RegExp(`^${tp.download}`) }).click();
    const download = await downloading;
    const year = Number(thisMonth.slice(0, 4));
    expect(download.suggestedFilename()).toBe(messages.tax.file.incomeName(year));
    const lines = (await readFile(await download.path(), 'latin1')).split('\r\n').filter(Boolean);
    expect(lines.length).toBe(lastMonth.startsWith(String(year)) ? 2 : 1);
    for (const line of lines) {
      const fields = line.split(';');
      expect(fields).toHaveLength(16);
      expect(fields.slice(1, 3)).toEqual(['R01.001.001', '255']);
      expect(fields[13]).toBe('S');
    }
  });

  await test.step("'Marcar como emitidos', still offered after a reload: the counts and the receipt's state change", async () => {
    await page.reload();
    // Marked on the day the file was imported: today unless changed.
    await expect(panel.getByRole('textbox', { name: messages.tax.payment.issuedOnLabel })).toHaveValue(today().split('-').reverse().join('/'));
    await panel.getByRole('button', { name: tp.markIssued }).click();
    await seeAndCloseToast(page, lastMonth.startsWith(thisMonth.slice(0, 4)) ? tp.markedIssued(2) : tp.markedIssued(1));
    await expect(figure(tp.pending)).toContainText('0');
    await expect(figure(tp.issued)).toContainText('1');
    // Lúcia's payment, this month's, took receipt nº 1.
    await expect(page.getByRole('button', { name: messages.tax.payment.markPendingLabel(1) })).toBeVisible();
  });

  await test.step('nothing left to issue: the download says so instead of saving an empty file', async () => {
    await panel.getByRole('button', { name: new RegExp(`^${tp.download}`) }).click();
    await seeAndCloseToast(page, messages.tax.errors.nothingPending(Number(thisMonth.slice(0, 4))));
    await expect(panel.getByRole('button', { name: tp.markIssued })).toHaveCount(0);
  });
});
