import { messages } from '@consultorio/shared';
import { expect, test, type Page } from '@playwright/test';
import { textbox } from './support/fields';
import { waitForRecoveryPassword } from './support/mail';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const PHONE_WIDTH_PX = 390;

function sessionList(page: Page) {
  return page.getByRole('list', { name: messages.account.sessionsSection });
}

test('a professional ends a session from another browser, recovers the password and must set a new one', async ({
  page,
  browser,
}) => {
  const professional = await registerConfirmedProfessional(page, 'Clara');
  const newPassword = 'Terceira33';
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();

  await test.step('sign in on two browsers', async () => {
    await page.goto('/');
    await signIn(page, professional.username, professional.password);
    await otherPage.goto('/');
    await signIn(otherPage, professional.username, professional.password);
  });

  await test.step("'Sessões ativas' lists both, and fits a 390 px wide screen", async () => {
    await page.getByRole('link', { name: messages.nav.account, exact: true }).click();
    const sessions = sessionList(page);
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').filter({ hasText: messages.account.thisSession })).toHaveCount(1);
    await expect(page.getByRole('button', { name: messages.account.endOtherSessions })).toBeEnabled();

    const desktop = page.viewportSize();
    await page.setViewportSize({ width: PHONE_WIDTH_PX, height: 844 });
    // The top bar trades its labels for icons once it has rendered at the new width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH_PX);
    const endButton = sessions.getByRole('button', { name: messages.account.endSessionLabel('') });
    await endButton.scrollIntoViewIfNeeded();
    await expect(endButton).toBeInViewport({ ratio: 1 });
    if (desktop) await page.setViewportSize(desktop);
  });

  await test.step('end the other browser’s session', async () => {
    // Only the other session has the button, named after its device ('Encerrar a sessão em Chrome … · …').
    await sessionList(page).getByRole('button', { name: messages.account.endSessionLabel('') }).click();
    await seeAndCloseToast(page, messages.account.sessionEnded);
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(messages.account.sessionsEmpty)).toBeVisible();
    await expect(page.getByRole('button', { name: messages.account.endOtherSessions })).toBeDisabled();
  });

  await test.step('the other browser lands on the login page on its next navigation', async () => {
    await otherPage.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await expect(otherPage).toHaveURL(/\/$/);
    await expect(otherPage.getByRole('heading', { name: messages.login.title })).toBeVisible();
  });

  await test.step("ask 'Recuperar senha' on the login page", async () => {
    await otherPage.getByRole('button', { name: messages.login.forgotPassword, exact: true }).click();
    const dialog = otherPage.getByRole('dialog', { name: messages.recovery.passwordTitle });
    await textbox(dialog, messages.fields.email).fill(professional.email);
    await dialog.getByRole('button', { name: messages.recovery.submit, exact: true }).click();
    await expect(dialog).toBeHidden();
  });
  const temporaryPassword = await waitForRecoveryPassword(professional.email);

  const refused: string[] = [];
  otherPage.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  const required = otherPage.getByRole('dialog', { name: messages.account.passwordChangeRequiredTitle });

  await test.step('signed in with the temporary password, only a new password can be set', async () => {
    await signIn(otherPage, professional.username, temporaryPassword);
    await expect(required).toBeVisible();
    await expect(required.getByText(messages.account.passwordChangeRequiredText)).toBeVisible();
    await expect(required.getByRole('button', { name: messages.nav.logout, exact: true })).toBeEnabled();
    await expect(required.getByRole('button', { name: messages.common.close })).toHaveCount(0);
    // No page behind it: neither the dashboard nor the top bar's links.
    await expect(otherPage.getByRole('heading', { name: messages.dashboard.welcome(professional.firstName) })).toHaveCount(0);
    await expect(otherPage.getByRole('link', { name: messages.nav.patients })).toHaveCount(0);
    await expect(otherPage.getByRole('link', { name: messages.nav.account })).toHaveCount(0);

    await otherPage.keyboard.press('Escape');
    await otherPage.mouse.click(5, 400);
    await expect(required).toBeVisible();
    // The focus stays in the modal.
    for (let press = 0; press < 8; press += 1) {
      await otherPage.keyboard.press('Tab');
      expect(await otherPage.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
  });

  await test.step('the temporary password ended the first browser’s session too', async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('set a new password and reach the dashboard', async () => {
    await textbox(required, messages.fields.currentPassword).fill(temporaryPassword);
    await textbox(required, messages.fields.newPassword).fill(newPassword);
    await textbox(required, messages.fields.newPasswordConfirmation).fill(newPassword);
    await required.getByRole('button', { name: messages.account.updatePassword, exact: true }).click();
    await expect(required).toBeHidden();
    await seeAndCloseToast(otherPage, messages.account.passwordUpdated);
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await expect(otherPage.getByRole('heading', { name: messages.dashboard.welcome(professional.firstName) })).toBeVisible();
    await expect(otherPage.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true })).toBeVisible();
    expect(refused).toEqual([]);
  });

  await otherContext.close();
});
