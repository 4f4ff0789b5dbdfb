import { messages } from '@consultorio/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const m = messages.qaTemplates;

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function radioIn(scope: Locator, question: string, option: string): Locator {
  return scope.getByRole('radiogroup', { name: question, exact: true }).getByRole('radio', { name: option, exact: true });
}

test('an own questionnaire is built with a scored question, previewed, used in a form, and kept while in use', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Bia');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Ana', lastName: 'Lima' } });
  expect(created.status()).toBe(201);
  const main = page.getByRole('main');

  await test.step('open “Modelos de questionário” in “Minha conta”: the library is there, read-only', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.account }).click();
    await main.getByRole('navigation', { name: messages.accountNav.label }).getByRole('link', { name: messages.accountNav.qaTemplates }).click();
    await expect(page).toHaveURL(/\/user\/qa-templates$/);
    await expect(main.getByText(m.ownEmpty)).toBeVisible();
    const library = main.getByRole('region', { name: m.librarySection });
    const phq9 = library.getByRole('article').filter({ hasText: 'PHQ-9' });
    await expect(phq9.getByRole('button', { name: m.delete })).toHaveCount(0);
    await phq9.getByRole('link', { name: m.open }).click();
    await expect(main.getByText(m.libraryReadOnly)).toBeVisible();
    await expect(main.getByRole('textbox', { name: m.name })).toHaveCount(0);
    await main.getByRole('link', { name: m.backToList }).click();
  });

  await test.step('build a template: a scored choice and a time, reordered by buttons', async () => {
    await main.getByRole('link', { name: m.newTemplate }).click();
    await expect(main.getByRole('heading', { name: m.newTemplate })).toBeVisible();
    await textbox(main, m.name).fill('Rastreio de sono');
    await textbox(main, m.description).fill('Responda pensando na última semana.');
    const section = main.getByRole('region', { name: m.section(1) });
    await textbox(section, m.sectionTitle).fill('Sono');

    const first = section.getByRole('group', { name: m.question(1) });
    await textbox(first, m.questionLabel).fill('Que horas você se deita?');
    await choose(page, first, m.questionType, m.fieldTypes.time);
    await expect(first.getByRole('group', { name: m.options })).toHaveCount(0);

    await section.getByRole('button', { name: m.addQuestion }).click();
    const second = section.getByRole('group', { name: m.question(2) });
    await textbox(second, m.questionLabel).fill('Acorda durante a noite?');
    await textbox(second, m.optionLabel(1)).fill('Nunca');
    await textbox(second, m.optionPoints(1)).fill('0');
    await textbox(second, m.optionLabel(2)).fill('Sempre');
    await textbox(second, m.optionPoints(2)).fill('3');
    await second.getByRole('button', { name: m.addOption }).click();
    await textbox(second, m.optionLabel(3)).fill('Às vezes');
    await textbox(second, m.optionPoints(3)).fill('1');
    await second.getByRole('button', { name: m.moveOptionUp(3) }).click();
    await expect(textbox(second, m.optionLabel(2))).toHaveValue('Às vezes');

    // The choice goes first: its number follows it.
    await second.getByRole('button', { name: m.moveQuestionUp(2) }).click();
    await expect(textbox(section.getByRole('group', { name: m.question(1) }), m.questionLabel)).toHaveValue('Acorda durante a noite?');
  });

  await test.step('saving with a blank field says where, under the field, with no toast', async () => {
    await main.getByRole('button', { name: m.addSection }).click();
    await main.getByRole('button', { name: messages.common.save, exact: true }).click();
    await expect(main.getByRole('alert').filter({ hasText: m.fixErrors })).toBeVisible();
    const blank = main.getByRole('region', { name: m.section(2) });
    await expect(blank).toContainText(messages.validation.sectionTitleRequired);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await blank.getByRole('button', { name: m.removeSection(2) }).click();
    await expect(main.getByRole('alert').filter({ hasText: m.fixErrors })).toHaveCount(0);
  });

  await test.step('the preview is the form as the patient sees it, with the live score', async () => {
    await main.getByRole('tab', { name: m.previewTab }).click();
    const score = main.getByRole('region', { name: m.scoreLabel });
    await expect(score).toContainText(messages.forms.score(0, 3));
    await radioIn(main, 'Acorda durante a noite?', 'Às vezes').check();
    await expect(score).toContainText(messages.forms.score(1, 3));
    await expect(textbox(main, 'Que horas você se deita?')).toBeVisible();
    await main.getByRole('tab', { name: m.builderTab }).click();
    await main.getByRole('button', { name: messages.common.save, exact: true }).click();
    await seeAndCloseToast(page, m.created);
    await expect(page).toHaveURL(/\/user\/qa-templates$/);
    const card = main.getByRole('region', { name: m.ownSection }).getByRole('article', { name: 'Rastreio de sono' });
    await expect(card).toContainText(m.scoredBadge);
    await expect(card).toContainText(m.questionCount(2));
  });

  await test.step('a form made from it is scored like the library’s', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients }).click();
    await main.getByRole('article', { name: 'Ana Lima' }).getByRole('link', { name: messages.nav.forms, exact: true }).click();
    await main.getByRole('button', { name: messages.forms.newForm, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.forms.newForm });
    await textbox(dialog, messages.forms.name).fill('Sono de Ana');
    await choose(page, dialog, messages.forms.template, 'Rastreio de sono');
    await dialog.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.forms.created);
    await main.getByRole('article', { name: 'Sono de Ana' }).getByRole('link', { name: messages.forms.open }).click();
    await radioIn(main, 'Acorda durante a noite?', 'Sempre').check();
    await expect(main.getByRole('region', { name: m.scoreLabel })).toContainText(messages.forms.score(3, 3));
  });

  await test.step('in use, it cannot be deleted (the message says why); a copy can be', async () => {
    await page.goto('/user/qa-templates');
    const own = main.getByRole('region', { name: m.ownSection });
    await own.getByRole('article', { name: 'Rastreio de sono' }).getByRole('link', { name: m.duplicate }).click();
    await expect(textbox(main, m.name)).toHaveValue(m.copyName('Rastreio de sono'));
    await main.getByRole('button', { name: messages.common.save, exact: true }).click();
    await seeAndCloseToast(page, m.created);

    await own.getByRole('article', { name: 'Rastreio de sono', exact: true }).getByRole('button', { name: m.delete }).click();
    await page.getByRole('dialog', { name: messages.confirmDelete.title }).getByRole('button', { name: messages.common.confirm }).click();
    await seeAndCloseToast(page, messages.errors.templateInUse);
    await expect(own.getByRole('article', { name: 'Rastreio de sono', exact: true })).toBeVisible();

    await own.getByRole('article', { name: m.copyName('Rastreio de sono') }).getByRole('button', { name: m.delete }).click();
    await page.getByRole('dialog', { name: messages.confirmDelete.title }).getByRole('button', { name: messages.common.confirm }).click();
    await seeAndCloseToast(page, m.deleted);
    await expect(own.getByRole('article')).toHaveCount(1);
  });
});
