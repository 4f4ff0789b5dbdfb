import { formatCents, messages } from '@consultorio/shared';
import { expect, test, type Page } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

/** Plans seeded by the API (apps/api/src/db/seeds/plans.json). */
const essencial = { name: 'Essencial', priceCents: 4990, patientsLimit: 50 };
const profissional = { code: 'profissional', name: 'Profissional', priceCents: 9990, patientsLimit: 300 };

/** The coupon the e2e server creates with the admin command line before it starts (scripts/e2e-server.mjs). */
const couponCode = 'BEMVINDO30';

function subscriptionCard(page: Page) {
  return page.getByRole('region', { name: messages.billing.subscription });
}

async function applyCoupon(page: Page, code: string): Promise<void> {
  await textbox(page, messages.billing.coupon).fill(code);
  await page.getByRole('button', { name: messages.billing.applyCoupon, exact: true }).click();
}

test('a professional on trial sees the subscription, is refused a bad coupon and applies a good one', async ({
  page,
}) => {
  const professional = await registerConfirmedProfessional(page, 'Beatriz');

  await test.step('sign in and open Faturamento from Minha conta', async () => {
    await page.goto('/');
    await signIn(page, professional.username, professional.password);
    await page.getByRole('link', { name: messages.nav.account, exact: true }).click();
    await expect(page.getByRole('heading', { name: messages.account.title })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: messages.account.billingButton, exact: true }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { name: messages.billing.title, level: 2 })).toBeVisible();
  });

  await test.step('the confirmation started a trial of Essencial', async () => {
    const card = subscriptionCard(page);
    await expect(card.getByText(messages.billing.statuses.trial, { exact: true })).toBeVisible();
    await expect(card.getByText(essencial.name, { exact: true })).toBeVisible();
    await expect(card.getByText(messages.billing.periods.monthly, { exact: true })).toBeVisible();
    await expect(card.getByText(`${formatCents(essencial.priceCents)} / mês`, { exact: true })).toBeVisible();
    await expect(card.getByText(messages.billing.patientsUsage(0, essencial.patientsLimit), { exact: true })).toBeVisible();
    await expect(card.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  });

  await test.step('an unknown coupon is refused and stays typed', async () => {
    await applyCoupon(page, 'NAOEXISTE');
    await seeAndCloseToast(page, messages.errors.couponInvalid);
    await expect(textbox(page, messages.billing.coupon)).toHaveValue('NAOEXISTE');
    await expect(subscriptionCard(page).getByText(essencial.name, { exact: true })).toBeVisible();
  });

  await test.step('a valid coupon, typed in lower case with spaces, moves to Profissional', async () => {
    await applyCoupon(page, ` ${couponCode.toLowerCase()} `);
    await seeAndCloseToast(page, messages.billing.couponApplied);
    await expect(textbox(page, messages.billing.coupon)).toHaveValue('');

    const card = subscriptionCard(page);
    await expect(card.getByText(profissional.name, { exact: true })).toBeVisible();
    await expect(card.getByText(messages.billing.statuses.active, { exact: true })).toBeVisible();
    await expect(card.getByText(`${formatCents(profissional.priceCents)} / mês`, { exact: true })).toBeVisible();
    await expect(
      card.getByText(messages.billing.patientsUsage(0, profissional.patientsLimit), { exact: true }),
    ).toBeVisible();
  });
});
