import { messages, type QaTemplate } from '@consultorio/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { textbox } from './support/fields';
import { waitForMailLink } from './support/mail';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const mm = messages.measurement;

function radioIn(scope: Page | Locator, question: string, option: string): Locator {
  return scope.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: option, exact: true });
}

test('a patient answers a PHQ-9 through the mailed link; the professional sees the alert banner and the trend chart', async ({
  page,
  browser,
}) => {
  const professional = await registerConfirmedProfessional(page, 'Iris');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const patientEmail = `carla.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Carla', lastName: 'Mendes', email: patientEmail } });
  expect(created.status()).toBe(201);
  const { patient } = (await created.json()).data as { patient: { id: string } };
  const templates = await page.request.get('/v1/users/me/qa-templates');
  const phq9 = ((await templates.json()).data.qaTemplates as QaTemplate[]).find((template) => template.name.startsWith('PHQ-9'))!;
  const form = await page.request.post(`/v1/patients/${patient.id}/forms`, { data: { name: 'PHQ-9 inicial', qaTemplateId: phq9.id } });
  expect(form.status()).toBe(201);
  const { id: formId } = (await form.json()).data.form as { id: string };
  const items = phq9.content[0]!.fields;
  const main = page.getByRole('main');

  await test.step('the professional mails the form from its page', async () => {
    await page.goto(`/patients/${patient.id}/forms/${formId}`);
    const box = main.getByRole('region', { name: mm.sendByEmail });
    await expect(box).toContainText('O link vale até');
    await box.getByRole('button', { name: mm.sendByEmail }).click();
    const dialog = page.getByRole('dialog', { name: mm.sendTitle });
    await expect(textbox(dialog, mm.sendEmail)).toHaveValue('');
    await dialog.getByRole('button', { name: messages.common.send, exact: true }).click();
    await seeAndCloseToast(page, mm.sent(patientEmail));
    await expect(dialog).toBeHidden();
    await expect(box).toContainText('Enviado por e-mail em');
  });

  const patientContext = await browser.newContext();
  const patientPage = await patientContext.newPage();
  const patientMain = patientPage.getByRole('main');

  await test.step('the patient opens the mailed link, is asked for every item, and sends the answers', async () => {
    const link = await waitForMailLink(patientEmail, '/form-public-view');
    await patientPage.goto(link);
    await expect(patientMain.getByRole('heading', { name: phq9.name })).toBeVisible();
    await expect(patientMain.getByText(`${professional.firstName} ${professional.lastName}`)).toBeVisible();

    await radioIn(patientMain, items[0]!.label, 'Vários dias').check();
    const send = patientMain.getByRole('button', { name: messages.publicForm.submit, exact: true });
    await send.click();
    await seeAndCloseToast(patientPage, mm.validation.answersRequired('2, 3, 4, 5, 6, 7, 8, 9'));

    for (const item of items.slice(1, 9)) await radioIn(patientMain, item.label, 'Vários dias').check();
    await send.click();
    await expect(patientMain.getByText(mm.submitted(null), { exact: true })).toBeVisible();
    await expect(patientMain.getByRole('link', { name: mm.crisisCvv })).toHaveAttribute('href', 'tel:188');
    await expect(patientMain.getByText('SAMU')).toBeVisible();
    await expect(patientMain.getByRole('radio')).toHaveCount(0);
  });
  await patientContext.close();

  await test.step('the professional sees the red banner on the dashboard and opens the trends', async () => {
    await page.goto('/dashboard');
    const banner = main.getByRole('region', { name: mm.alertsLabel });
    await expect(banner).toContainText('Carla Mendes enviou “PHQ-9 inicial”');
    await expect(banner).toContainText('item 9');
    await banner.getByRole('link', { name: mm.openTrends }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/measurement$`));
    await expect(main.getByRole('heading', { name: mm.title })).toBeVisible();
  });

  await test.step('the trend chart shows the score, with its table', async () => {
    const card = main.getByRole('article', { name: phq9.name });
    const chart = card.getByRole('img', { name: mm.chartLabel(phq9.name) });
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-reference-area')).toHaveCount(5);
    await expect(chart.locator('.recharts-reference-dot')).toHaveCount(1);
    const table = card.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(mm.scoreOf(9, 27));
    await expect(table).toContainText('Depressão leve');
    await expect(table).toContainText(mm.alertMark);
    await expect(card).toContainText(mm.firstScoreOnly);

    // On a phone the chart and the table fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('“Ciente” clears the banner', async () => {
    const banner = main.getByRole('region', { name: mm.alertsLabel });
    await banner.getByRole('button', { name: mm.acknowledge, exact: true }).click();
    await seeAndCloseToast(page, mm.acknowledged);
    await expect(banner).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(main.getByRole('heading', { name: messages.dashboard.statsTitle })).toBeVisible();
    await expect(main.getByRole('region', { name: mm.alertsLabel })).toHaveCount(0);
  });
});
