import { readFile } from 'node:fs/promises';
import { formatCents, messages } from '@consultorio/shared';
import { expect, test, type Page } from '@playwright/test';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { closeToast } from './support/toasts';

const f = messages.finance;

/** This month (YYYY-MM) in São Paulo, the professional's zone. */
function thisMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
}

/** A patient with a fee of R$ 150,00 and two sessions this month, made through the API (the agenda has its own screens). */
async function patientWithTwoSessions(page: Page): Promise<{ name: string }> {
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Lúcia', lastName: 'Ferraz' } });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { patient: { id: string } } }).data.patient;
  const updated = await page.request.put(`/v1/patients/${id}`, {
    data: { firstName: 'Lúcia', lastName: 'Ferraz', document: '111.444.777-35', sessionFeeCents: 15000 },
  });
  expect(updated.status()).toBe(200);
  for (const day of ['01', '02']) {
    const booked = await page.request.post('/v1/users/me/appointments', {
      data: { patientId: id, startsAt: `${thisMonth()}-${day}T10:00:00-03:00`, allowOverlap: true },
    });
    expect(booked.status()).toBe(201);
  }
  return { name: 'Lúcia Ferraz' };
}

function receiptDialog(page: Page, patientName: string) {
  return page.getByRole('dialog', { name: `${f.receiptNumber} ${f.receiptNumberShort(1)} — ${patientName}` });
}

test('a professional registers one payment for two sessions and downloads its receipt', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Helena');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const patient = await patientWithTwoSessions(page);

  await test.step('open Financeiro from the top bar: the two sessions are pending', async () => {
    await page.getByRole('link', { name: messages.nav.finance, exact: true }).click();
    await expect(page).toHaveURL(/\/finance$/);
    await expect(page.getByRole('heading', { name: f.title, level: 2 })).toBeVisible();
    const card = page.getByRole('region', { name: patient.name });
    await expect(card.getByRole('checkbox')).toHaveCount(2);
    await expect(card.getByText(f.selectedTotal(2, formatCents(30000)), { exact: true })).toBeVisible();
  });

  await test.step("'Registrar pagamento' for both sessions issues receipt nº 1", async () => {
    await page.getByRole('button', { name: f.registerPaymentFor(patient.name) }).click();
    const dialog = page.getByRole('dialog', { name: f.paymentTitle(patient.name) });
    await expect(dialog.getByRole('textbox', { name: f.amount })).toHaveValue('R$ 300,00');
    await dialog.getByRole('button', { name: f.registerPayment, exact: true }).click();
    await expect(receiptDialog(page, patient.name).getByText(f.paymentRegistered(1))).toBeVisible();
    await closeToast(page, f.paymentRegistered(1));
  });

  await test.step('download the receipt: a PDF named recibo-1.pdf', async () => {
    const dialog = receiptDialog(page, patient.name);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: f.downloadReceiptLabel(1) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('recibo-1.pdf');
    const file = await readFile(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    // The footer's 'Fechar' (the header's close button has the same name).
    await dialog.getByRole('button', { name: messages.common.close, exact: true }).last().click();
  });

  await test.step('the sessions are paid and the receipt is in the month’s report', async () => {
    await expect(page.getByText(f.pendingEmpty)).toBeVisible();
    const receipts = page.getByRole('region', { name: f.receiptsTitle });
    await expect(receipts.getByRole('cell', { name: patient.name, exact: true })).toBeVisible();
    await expect(receipts.getByRole('link', { name: f.downloadReceiptLabel(1) })).toBeVisible();
    await expect(page.getByRole('region', { name: f.received, exact: true })).toContainText(formatCents(30000));
    await expect(page.getByRole('region', { name: f.byMethod })).toContainText(formatCents(30000));
  });

  await test.step('the page fits a 390 px screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: f.downloadCsv })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
