import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const m = messages.aiAssistants;

test('own AI assistants: a library one duplicated, one written, edited, and kept while a session uses it', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Teo');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const main = page.getByRole('main');
  const own = main.getByRole('region', { name: m.ownSection });

  await test.step('a library assistant is read-only and can be duplicated', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.account }).click();
    await main.getByRole('navigation', { name: messages.accountNav.label }).getByRole('link', { name: messages.accountNav.aiAssistants }).click();
    await expect(page).toHaveURL(/\/user\/ai-assistants$/);
    await expect(own).toContainText(m.ownEmpty);
    const listed = (await (await page.request.get('/v1/users/me/ai-assistants')).json()).data.aiAssistants as { name: string }[];
    const libraryName = listed[0]!.name;
    const library = main.getByRole('region', { name: m.librarySection }).getByRole('article', { name: libraryName, exact: true });
    await library.getByRole('button', { name: m.view }).click();
    const view = page.getByRole('dialog', { name: libraryName });
    await expect(view).toContainText(messages.errors.libraryAssistantReadOnly);
    await expect(view.getByRole('textbox')).toHaveCount(0);
    await view.getByRole('button', { name: m.duplicate }).click();

    const copy = page.getByRole('dialog', { name: m.newAssistant });
    await expect(textbox(copy, m.name)).toHaveValue(m.copyName(libraryName));
    await copy.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.aiAssistants.created);
    await expect(own.getByRole('article', { name: m.copyName(libraryName) })).toBeVisible();
  });

  await test.step('write an own assistant, with its instructions checked before it is sent', async () => {
    await main.getByRole('button', { name: m.newAssistant }).click();
    const dialog = page.getByRole('dialog', { name: m.newAssistant });
    await textbox(dialog, m.name).fill('Supervisor clínico');
    await textbox(dialog, m.instructions).fill('Curto');
    await dialog.getByRole('button', { name: messages.common.create, exact: true }).click();
    await expect(dialog).toContainText(messages.validation.instructionsRequired);
    await textbox(dialog, m.instructions).fill('Atue como supervisor clínico: faça perguntas e aponte hipóteses, em português.');
    await textbox(dialog, m.description).fill('Discussão de casos');
    await dialog.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.aiAssistants.created);

    await own.getByRole('article', { name: 'Supervisor clínico' }).getByRole('button', { name: m.edit }).click();
    const edit = page.getByRole('dialog', { name: m.editAssistant });
    await textbox(edit, m.name).fill('Supervisor');
    await edit.getByRole('button', { name: messages.common.save, exact: true }).click();
    await seeAndCloseToast(page, messages.aiAssistants.updated);
    await expect(own.getByRole('article', { name: 'Supervisor', exact: true })).toContainText('Discussão de casos');
  });

  await test.step('used by a session, it cannot be deleted and the message says why', async () => {
    const assistants = (await (await page.request.get('/v1/users/me/ai-assistants')).json()).data.aiAssistants as { id: string; name: string }[];
    const supervisor = assistants.find((assistant) => assistant.name === 'Supervisor');
    const patient = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Rita', lastName: 'Melo' } });
    const patientId = ((await patient.json()).data as { patient: { id: string } }).patient.id;
    const chat = await page.request.post(`/v1/patients/${patientId}/chats`, { data: { name: 'Caso Rita', aiAssistantId: supervisor!.id } });
    expect(chat.status()).toBe(201);

    await own.getByRole('article', { name: 'Supervisor', exact: true }).getByRole('button', { name: m.edit }).click();
    const edit = page.getByRole('dialog', { name: m.editAssistant });
    await edit.getByRole('button', { name: m.deleteAssistant }).click();
    await page.getByRole('dialog', { name: messages.confirmDelete.title }).getByRole('button', { name: messages.common.confirm }).click();
    await seeAndCloseToast(page, messages.errors.assistantInUse);
    await expect(page.getByRole('dialog', { name: messages.confirmDelete.title })).toBeHidden();
    await edit.getByRole('button', { name: messages.common.close, exact: true }).first().click();
    await expect(own.getByRole('article', { name: 'Supervisor', exact: true })).toBeVisible();
  });
});
