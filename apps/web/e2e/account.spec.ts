import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { textbox } from './support/fields';
import { waitForMailLink } from './support/mail';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

test('a professional registers, confirms the e-mail, edits the profile, changes the e-mail and the password', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const professional = {
    username: `ana_${suffix}`,
    email: `ana.${suffix}@example.com`,
    newEmail: `ana.nova.${suffix}@example.com`,
    firstName: 'Ana',
    lastName: 'Souza',
    password: 'Primeira1',
    newPassword: 'Segunda22',
  };

  await test.step('register', async () => {
    await page.goto('/register');
    await textbox(page, messages.fields.username).fill(professional.username);
    await textbox(page, messages.fields.email).fill(professional.email);
    await textbox(page, messages.fields.firstName).fill(professional.firstName);
    await textbox(page, messages.fields.lastName).fill(professional.lastName);
    await textbox(page, messages.fields.password).fill(professional.password);
    await textbox(page, messages.fields.passwordConfirmation).fill(professional.password);
    await page.getByRole('button', { name: messages.register.submit, exact: true }).click();

    await expect(page.getByRole('heading', { name: messages.register.successTitle })).toBeVisible();
    // The first mail has just gone, so resending waits for the countdown.
    await expect(page.getByRole('button', { name: messages.register.resend })).toBeDisabled();
  });

  await test.step('confirm the registration from the mail', async () => {
    const confirmationPath = await waitForMailLink(professional.email, '/confirm-user-registration');
    await page.goto(confirmationPath);
    await expect(page.getByRole('main').getByText(messages.confirmation.registrationConfirmed)).toBeVisible();
    await page.getByRole('link', { name: messages.confirmation.goNow }).click();
  });

  await test.step('sign in', async () => {
    await signIn(page, professional.username, professional.password);
    await expect(page.getByRole('heading', { name: messages.dashboard.welcome(professional.firstName) })).toBeVisible();
  });

  await test.step('edit the profile', async () => {
    await page.getByRole('link', { name: messages.nav.account, exact: true }).click();
    await expect(page.getByRole('heading', { name: messages.account.title })).toBeVisible();
    // Signed in, the professional knows the password and sees the username: recovering them is for the login page.
    await expect(page.getByRole('button', { name: messages.account.changePassword, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: messages.recovery.passwordTitle })).toHaveCount(0);
    await expect(page.getByRole('button', { name: messages.recovery.usernameTitle })).toHaveCount(0);

    await textbox(page, messages.fields.profession).fill('Psicóloga');
    const country = page.getByRole('combobox', { name: messages.fields.country, exact: true });
    await country.click();
    await country.fill('Portugal');
    await page.getByRole('option', { name: 'Portugal', exact: true }).click();
    await expect(textbox(page, messages.fields.cc)).toHaveValue('+351');
    await textbox(page, messages.fields.phone).fill('912345678');

    // An impossible birthdate is not dropped in silence: it is refused under the field.
    const birthdate = textbox(page, messages.fields.birthdate);
    await birthdate.fill('31/02/1990');
    await birthdate.blur();
    await page.getByRole('button', { name: messages.account.saveProfile, exact: true }).click();
    await expect(page.getByText(messages.validation.dateInvalid(messages.validation.dateFields.birthdate))).toBeVisible();
    await expect(birthdate).toHaveValue('31/02/1990');
    await birthdate.fill('');
    await birthdate.blur();

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/v1/users/me') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: messages.account.saveProfile, exact: true }).click();
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(textbox(page, messages.fields.profession)).toHaveValue('Psicóloga');
    await expect(page.getByRole('combobox', { name: messages.fields.country })).toHaveValue('Portugal');
    await expect(textbox(page, messages.fields.cc)).toHaveValue('+351');
    await expect(textbox(page, messages.fields.phone)).toHaveValue('912345678');
  });

  await test.step('change the e-mail, which asks for the current password', async () => {
    await page.getByRole('button', { name: messages.account.changeEmail, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.account.changeEmail });
    await expect(dialog.getByText(messages.account.changeEmailNote)).toBeVisible();
    await textbox(dialog, messages.account.newEmail).fill(professional.newEmail);
    await textbox(dialog, messages.account.currentPassword).fill('Errada123');
    await dialog.getByRole('button', { name: messages.common.send, exact: true }).click();
    await seeAndCloseToast(page, messages.errors.passwordUpdateFailed);
    await expect(dialog).toBeVisible();

    await textbox(dialog, messages.account.currentPassword).fill(professional.password);
    await dialog.getByRole('button', { name: messages.common.send, exact: true }).click();
    await seeAndCloseToast(page, messages.account.emailUpdateSent);
    await expect(dialog).toBeHidden();

    await page.goto(await waitForMailLink(professional.newEmail, '/confirm-user-email-update'));
    await expect(page.getByRole('main').getByText(messages.confirmation.emailUpdated)).toBeVisible();
    await page.goto('/user');
    // The profile shows the e-mail as text, with 'Alterar e-mail' beside it.
    const email = page.getByRole('main').getByRole('group', { name: messages.fields.email, exact: true });
    await expect(email.getByText(professional.newEmail, { exact: true })).toBeVisible();
    await expect(email.getByRole('button', { name: messages.account.changeEmail })).toBeVisible();
    await expect(email.getByRole('textbox')).toHaveCount(0);
  });

  await test.step("'Sessões ativas' lists this session", async () => {
    await expect(page.getByRole('heading', { name: messages.account.sessionsSection })).toBeVisible();
    const sessions = page.getByRole('list', { name: messages.account.sessionsSection });
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByRole('listitem').getByText(messages.account.thisSession, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.account.sessionsEmpty)).toBeVisible();
    await expect(page.getByRole('button', { name: messages.account.endOtherSessions })).toBeDisabled();
  });

  await test.step('change the password', async () => {
    await page.getByRole('button', { name: messages.account.changePassword, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.account.changePassword });
    await textbox(dialog, messages.fields.currentPassword).fill(professional.password);
    await textbox(dialog, messages.fields.newPassword).fill(professional.newPassword);
    await textbox(dialog, messages.fields.newPasswordConfirmation).fill(professional.newPassword);
    await dialog.getByRole('button', { name: messages.account.updatePassword, exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('sign out and back in with the new password', async () => {
    const logout = page.getByRole('button', { name: messages.nav.logout, exact: true });
    await expect(logout).toHaveText(messages.nav.logout);
    await logout.click();
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, professional.username, professional.newPassword);
  });
});

test("a professional in another time zone takes the browser's zone for the profile", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Europe/Lisbon', locale: 'pt-BR' });
  const page = await context.newPage();
  const professional = await registerConfirmedProfessional(page, 'Ines');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  await page.getByRole('link', { name: messages.nav.account, exact: true }).click();

  const zone = page.getByRole('combobox', { name: messages.fields.timeZone });
  await expect(zone).toHaveValue(/^America\/Sao Paulo/);
  await page.getByRole('button', { name: messages.account.useBrowserZone('Europe/Lisbon') }).click();
  await expect(zone).toHaveValue(/^Europe\/Lisbon/);
  // The select names zones as IANA does; under it, the name the agenda and the e-mails use.
  await expect(page.getByText(messages.account.timeZoneShownAs('Horário da Europa Ocidental'))).toBeVisible();
  await page.getByRole('button', { name: messages.account.saveProfile, exact: true }).click();
  await seeAndCloseToast(page, messages.account.profileUpdated);
  const me = (await (await page.request.get('/v1/users/me')).json()).data.user as { timeZone: string };
  expect(me.timeZone).toBe('Europe/Lisbon');
  await expect(page.getByRole('button', { name: messages.account.useBrowserZone('Europe/Lisbon') })).toHaveCount(0);
  await context.close();
});
