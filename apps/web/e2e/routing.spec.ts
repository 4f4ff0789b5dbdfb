import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';

test('a confirmation link without a token is reported and not sent to the API', async ({ page }) => {
  const confirmCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/users/registrations/confirm')) confirmCalls.push(request.url());
  });

  await page.goto('/confirm-user-registration');
  await expect(page.getByRole('main').getByText(messages.confirmation.invalidLink)).toBeVisible();
  await expect(page.getByRole('link', { name: messages.confirmation.goNow })).toBeVisible();
  expect(confirmCalls).toEqual([]);
});

test('a protected page visited while signed out lands on the login page', async ({ page }) => {
  await page.goto('/user');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
});
