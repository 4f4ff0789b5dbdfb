import { messages, type QaTemplate } from '@consultorio/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';
import { drawnBox } from './support/boxes';

/** A signed-in professional with one patient, made through the API (the patients spec covers the screens). */
async function professionalWithPatient(page: Page, firstName: string) {
  const professional = await registerConfirmedProfessional(page, firstName);
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Maria', lastName: 'Souza' } });
  expect(created.status()).toBe(201);
  const { patient } = (await created.json()).data as { patient: { id: string } };
  return { professional, patientId: patient.id };
}

function radioIn(scope: Page | Locator, question: string, option: string): Locator {
  return scope.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: option, exact: true });
}

async function choose(page: Page, question: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: question, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a form is shared with the patient, filled and sent through the link, read by the professional, unlocked and locked', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { professional } = await professionalWithPatient(page, 'Lia');
  const main = page.getByRole('main');
  let link = '';

  await test.step('open the patient’s forms and create one from “Anamnese geral”', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await main
      .getByRole('article', { name: 'Maria Souza' })
      .getByRole('link', { name: messages.nav.forms, exact: true })
      .click();
    await expect(main.getByRole('heading', { name: messages.forms.title })).toBeVisible();
    await expect(main.getByText(messages.forms.empty)).toBeVisible();

    await main.getByRole('button', { name: messages.forms.newForm, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.forms.newForm });
    await textbox(dialog, messages.forms.name).fill('Primeira consulta');
    await expect(dialog.getByRole('combobox', { name: messages.forms.template })).toHaveAttribute(
      'placeholder',
      messages.common.select,
    );
    await choose(page, messages.forms.template, 'Anamnese geral');
    await dialog.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.forms.created);
    await expect(dialog).toBeHidden();

    const card = main.getByRole('article', { name: 'Primeira consulta' });
    await expect(card).toContainText('Anamnese geral');
    await card.getByRole('link', { name: messages.forms.open }).click();
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/forms\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('banner').getByText('Maria Souza')).toBeVisible();
  });

  await test.step('copy the link to share', async () => {
    const share = main.getByRole('region', { name: messages.forms.shareTitle });
    link = await share.getByRole('textbox', { name: messages.forms.shareTitle }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/form-public-view\\?token=[\\w-]+$`));
    await share.getByRole('button', { name: messages.forms.copy }).click();
    await expect(share.getByRole('button', { name: messages.forms.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The copied state lasts 1.2 s.
    await expect(share.getByRole('button', { name: messages.forms.copy })).toBeVisible({ timeout: 3_000 });
  });

  const patientContext = await browser.newContext();
  const patientPage = await patientContext.newPage();
  const patientMain = patientPage.getByRole('main');

  await test.step('the patient, without an account, fills every field type and sends the answers', async () => {
    await patientPage.goto(link);
    await expect(patientMain.getByRole('heading', { name: 'Anamnese geral' })).toBeVisible();
    await expect(patientMain.getByText(messages.publicForm.patient, { exact: true })).toBeVisible();
    await expect(patientMain.getByText('Maria Souza')).toBeVisible();
    await expect(patientMain.getByText(`${professional.firstName} ${professional.lastName}`)).toBeVisible();
    await expect(patientPage.getByRole('banner')).toHaveCount(0);

    await textbox(patientMain, 'Profissão').fill('Professora');
    await choose(patientPage, 'Estado civil', 'Casado(a) ou união estável');
    await textbox(patientMain, 'Qual é o motivo da consulta?').fill('Insônia');
    await textbox(patientMain, 'Há quanto tempo isso acontece?').fill('Seis meses');
    await textbox(patientMain, 'Doenças atuais ou anteriores').fill('Asma na infância');
    await textbox(patientMain, 'Alergias').fill('Dipirona');
    const bedtime = textbox(patientMain, 'Horário em que costuma dormir');
    await bedtime.pressSequentially('2230');
    await expect(bedtime).toHaveValue('22:30');
    await textbox(patientMain, 'Horas de sono por noite').fill('6,5');
    await radioIn(patientMain, 'Fuma?', 'Não').check();

    await patientMain.getByRole('button', { name: messages.publicForm.submit, exact: true }).click();
    await seeAndCloseToast(patientPage, messages.measurement.submitted(null));
    // Sent for good: the thanks instead of the fields.
    await expect(patientMain.getByText(messages.measurement.submittedText)).toBeVisible();
    await expect(patientMain.getByRole('textbox')).toHaveCount(0);
  });

  await test.step('the professional reloads the form and reads the answers', async () => {
    await page.reload();
    await expect(textbox(main, 'Profissão')).toHaveValue('Professora');
    await expect(main.getByRole('combobox', { name: 'Estado civil', exact: true })).toHaveValue(
      'Casado(a) ou união estável',
    );
    await expect(textbox(main, 'Qual é o motivo da consulta?')).toHaveValue('Insônia');
    await expect(textbox(main, 'Há quanto tempo isso acontece?')).toHaveValue('Seis meses');
    await expect(textbox(main, 'Doenças atuais ou anteriores')).toHaveValue('Asma na infância');
    await expect(textbox(main, 'Alergias')).toHaveValue('Dipirona');
    await expect(textbox(main, 'Horário em que costuma dormir')).toHaveValue('22:30');
    await expect(textbox(main, 'Horas de sono por noite')).toHaveValue('6,5');
    await expect(radioIn(main, 'Fuma?', 'Não')).toBeChecked();
    await expect(radioIn(main, 'Fuma?', 'Sim')).not.toBeChecked();
  });

  await test.step('sending locked the form; the professional unlocks it for the patient and locks it again', async () => {
    const lock = main.getByRole('switch', { name: messages.forms.lockLabel });
    await expect(main.getByText(messages.measurement.submittedBadge, { exact: true })).toBeVisible();
    // click, not check()/uncheck(): they read the state at the instant the click returns, before
    // React has always rendered the controlled switch; the assertions below wait for it.
    await expect(lock).toBeChecked();
    await lock.click();
    await seeAndCloseToast(page, messages.forms.unlocked);
    await expect(lock).not.toBeChecked();

    await patientPage.reload();
    await expect(textbox(patientMain, 'Profissão')).toHaveValue('Professora');

    await lock.click();
    await seeAndCloseToast(page, messages.forms.locked);
    await expect(lock).toBeChecked();
    await patientPage.reload();
    await expect(patientMain.getByText(messages.measurement.submittedText)).toBeVisible();
    await expect(patientMain.getByRole('textbox')).toHaveCount(0);
    await expect(patientMain.getByRole('button', { name: messages.publicForm.submit })).toHaveCount(0);
  });

  await patientContext.close();
});

test('a PHQ-9 answered by the professional is scored as the answers change', async ({ page }) => {
  const { patientId } = await professionalWithPatient(page, 'Rui');
  const templates = await page.request.get('/v1/users/me/qa-templates');
  const phq9 = ((await templates.json()).data.qaTemplates as QaTemplate[]).find((template) =>
    template.name.startsWith('PHQ-9'),
  );
  expect(phq9).toBeDefined();
  const created = await page.request.post(`/v1/patients/${patientId}/forms`, {
    data: { name: 'Triagem', qaTemplateId: phq9!.id },
  });
  expect(created.status()).toBe(201);
  const { form } = (await created.json()).data as { form: { id: string } };
  const items = phq9!.content[0]!.fields;
  const main = page.getByRole('main');
  const score = main.getByRole('region', { name: 'Pontuação PHQ-9' });

  await page.goto(`/patients/${patientId}/forms/${form.id}`);
  await expect(score).toContainText(messages.forms.score(0, 27));
  await expect(score).toContainText(messages.forms.scoreIncomplete(0, 9));

  await radioIn(main, items[0]!.label, 'Mais da metade dos dias').check();
  await expect(score).toContainText(messages.forms.score(2, 27));
  await expect(score).toContainText(messages.forms.scoreIncomplete(1, 9));

  for (const item of items.slice(1, 8)) await radioIn(main, item.label, 'Vários dias').check();
  await expect(score.getByRole('alert')).toHaveCount(0);
  await radioIn(main, items[8]!.label, 'Vários dias').check();

  await expect(score).toContainText(messages.forms.score(10, 27));
  await expect(score).toContainText('Depressão moderada');
  await expect(score.getByRole('alert')).toContainText('resposta positiva no item 9');

  await main.getByRole('button', { name: messages.common.save, exact: true }).click();
  await seeAndCloseToast(page, messages.forms.saved);
  await page.reload();
  await expect(score).toContainText(messages.forms.score(10, 27));
  await expect(score).toContainText('Depressão moderada');
});

test("a 'select' question is drawn at once, in the room Mantine's Select then takes", async ({ page }) => {
  const { patientId } = await professionalWithPatient(page, 'Iris');
  const templates = (await (await page.request.get('/v1/users/me/qa-templates')).json()) as { data: { qaTemplates: QaTemplate[] } };
  const anamnesis = templates.data.qaTemplates.find((template) => template.name === 'Anamnese geral')!;
  const created = await page.request.post(`/v1/patients/${patientId}/forms`, { data: { name: 'Primeira consulta', qaTemplateId: anamnesis.id } });
  expect(created.status()).toBe(201);
  const { form } = ((await created.json()) as { data: { form: { id: string } } }).data;

  // The Select's chunk is held back until its stand-in has been measured.
  let releaseSelect = () => {};
  let selectHeld = Promise.resolve();
  await page.route(/select-answer-input-[\w-]+\.js$/, async (route) => {
    await selectHeld;
    await route.continue();
  });
  const main = page.getByRole('main');
  const question = 'Estado civil';
  const below = textbox(main, 'Qual é o motivo da consulta?');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    selectHeld = new Promise<void>((resolve) => (releaseSelect = resolve));
    await page.goto(`/patients/${patientId}/forms/${form.id}`);
    const standIn = main.getByRole('textbox', { name: question, exact: true });
    await expect(standIn).toHaveAttribute('placeholder', messages.common.select);
    await expect(standIn).toHaveAttribute('readonly', '');
    await expect(main.getByRole('combobox', { name: question, exact: true })).toHaveCount(0);
    const before = { field: await drawnBox(standIn), below: await drawnBox(below) };
    expect(await seriousViolations(page), `stand-ins at ${width} px`).toEqual([]);

    releaseSelect();
    const select = main.getByRole('combobox', { name: question, exact: true });
    await expect(select).toHaveAttribute('placeholder', messages.common.select);
    await expect(standIn).toHaveCount(0);
    const after = { field: await select.boundingBox(), below: await below.boundingBox() };
    expect(after, `at ${width} px`).toEqual(before);
  }
  await choose(page, question, 'Casado(a) ou união estável');
  await expect(main.getByRole('combobox', { name: question, exact: true })).toHaveValue('Casado(a) ou união estável');
});
