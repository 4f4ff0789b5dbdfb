import { messages } from '@consultorio/shared';
import { expect, test, type Page, type Request } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';
import { clickRecordEditor, recordEditor } from './support/record-editor';

const registration = 'CRP 06/123456';

async function typeAtEnd(page: Page, text: string) {
  await clickRecordEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

function saveStatus(page: Page) {
  return page.getByRole('main').getByRole('status');
}

async function serverContent(page: Page, recordId: string): Promise<string> {
  const response = await page.request.get(`/v1/records/${recordId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { record: { content: string } } }).data.record.content;
}

test('a record never loses a word, shows conflicts, keeps its history and is finalized with an addendum', async ({ page, context }) => {
  const professional = await registerConfirmedProfessional(page, 'Olga');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const main = page.getByRole('main');

  await test.step('the professional registration is part of the profile', async () => {
    await page.getByRole('link', { name: messages.nav.account, exact: true }).click();
    await textbox(page, messages.fields.professionalRegistration).fill(registration);
    const saved = page.waitForResponse((response) => response.url().endsWith('/v1/users/me') && response.request().method() === 'PUT');
    await page.getByRole('button', { name: messages.account.saveProfile, exact: true }).click();
    expect((await saved).status()).toBe(200);
  });

  const patient = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Clara', lastName: 'Nunes' } });
  const patientId = ((await patient.json()) as { data: { patient: { id: string } } }).data.patient.id;
  const created = await page.request.post(`/v1/patients/${patientId}/records`, { data: { name: 'Sessão 1' } });
  const recordId = ((await created.json()) as { data: { record: { id: string } } }).data.record.id;
  const recordUrl = `/patients/${patientId}/records/${recordId}`;

  const leaveDialog = page.getByRole('dialog', { name: messages.records.leaveTitle });
  const goToPatients = () => page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();

  await test.step('leaving with unsaved text asks first; “Continuar editando” stays and the text saves by itself', async () => {
    await page.clock.install();
    await page.goto(recordUrl);
    await typeAtEnd(page, 'Relata ansiedade no trabalho.');
    await goToPatients();
    await expect(leaveDialog).toBeVisible();
    await leaveDialog.getByRole('button', { name: messages.records.leaveStay }).click();
    await expect(page).toHaveURL(new RegExp(`${recordId}$`));
    await expect(saveStatus(page)).toHaveText(/^Salvo às \d\d:\d\d$/);
  });

  await test.step('while the dialog asks nothing is saved, and “Sair sem salvar” leaves the server’s text as it was', async () => {
    const saved = await serverContent(page, recordId);
    const contentSaves: string[] = [];
    const noteContentSave = (request: Request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/content')) contentSaves.push(request.url());
    };
    page.on('request', noteContentSave);
    // The page's clock stands still from here on, so the autosave cannot run before the dialog opens...
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    await typeAtEnd(page, ' Rascunho a descartar.');
    await goToPatients();
    // ...and then runs past the autosave's delay (2 s) and a retry's (5 s) while the dialog asks.
    await page.clock.runFor(10_000);
    await expect(leaveDialog).toBeVisible();
    await page.clock.resume();
    await leaveDialog.getByRole('button', { name: messages.records.leaveDiscard }).click();
    await expect(page).toHaveURL(/\/patients$/);
    page.off('request', noteContentSave);
    expect(contentSaves).toEqual([]);
    expect(await serverContent(page, recordId)).toBe(saved);
    expect(saved).toContain('Relata ansiedade no trabalho.');

    await page.goto(recordUrl);
    await expect(recordEditor(page)).toContainText('Relata ansiedade no trabalho.');
    await expect(recordEditor(page)).not.toContainText('Rascunho a descartar.');
  });

  await test.step('with the server unreachable the text waits in the browser and is sent when it is back', async () => {
    await page.route('**/v1/records/*/content', (route) => route.abort('connectionrefused'));
    await typeAtEnd(page, ' Dorme mal.');
    await expect(saveStatus(page)).toHaveText(messages.records.offlineStatus);
    expect(await serverContent(page, recordId)).not.toContain('Dorme mal.');
    await page.unroute('**/v1/records/*/content');
    await expect(saveStatus(page)).toHaveText(/^Salvo às/, { timeout: 15_000 });
    expect(await serverContent(page, recordId)).toContain('Dorme mal.');
  });

  await test.step('two windows: the second save shows the conflict instead of overwriting', async () => {
    const other = await context.newPage();
    await other.goto(recordUrl);
    await typeAtEnd(other, ' Texto da outra janela.');
    await expect(saveStatus(other)).toHaveText(/^Salvo às/);
    await other.close();

    await typeAtEnd(page, ' Texto desta janela.');
    const conflict = main.getByRole('alert').filter({ hasText: messages.errors.recordVersionConflict });
    await expect(conflict).toBeVisible();
    expect(await serverContent(page, recordId)).not.toContain('Texto desta janela.');
    await conflict.getByRole('button', { name: messages.records.conflictKeepMine }).click();
    await expect(saveStatus(page)).toHaveText(/^Salvo às/);
    expect(await serverContent(page, recordId)).toContain('Texto desta janela.');
  });

  await test.step('the history shows the other window’s version and restores it', async () => {
    await main.getByRole('button', { name: messages.records.history, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: messages.records.historyTitle });
    const versions = drawer.getByRole('navigation', { name: messages.records.versions }).getByRole('button');
    await expect(versions.first()).toBeVisible();
    await versions.nth(1).click();
    await expect(drawer.getByRole('document')).toContainText('Texto da outra janela.');
    await drawer.getByRole('button', { name: messages.records.restoreVersion }).click();
    await page.getByRole('dialog', { name: messages.records.restoreConfirmTitle }).getByRole('button', { name: messages.records.restoreVersion }).click();
    await seeAndCloseToast(page, messages.records.restored);
    await expect(recordEditor(page)).toContainText('Texto da outra janela.');
    await expect(recordEditor(page)).not.toContainText('Texto desta janela.');
  });

  await test.step('finalized, the text is read-only and corrections are addenda', async () => {
    await main.getByRole('button', { name: messages.records.finalize, exact: true }).click();
    await page.getByRole('dialog', { name: messages.records.finalizeTitle }).getByRole('button', { name: messages.records.finalize }).click();
    await seeAndCloseToast(page, messages.records.finalized);
    await expect(main.getByText(messages.records.readOnlyNotice)).toBeVisible();
    await expect(main.getByRole('button', { name: messages.common.save, exact: true })).toHaveCount(0);
    await expect(recordEditor(page)).toHaveAttribute('aria-readonly', 'true');
    // Opened again, a finalized record is only read: Quill is not made for it, and its text takes no focus.
    await page.reload();
    await expect(recordEditor(page)).toContainText('Relata ansiedade no trabalho.');
    await expect(recordEditor(page)).toHaveAttribute('aria-readonly', 'true');
    await expect(recordEditor(page)).not.toHaveAttribute('tabindex');
    await expect(main.locator('.ql-editor')).toHaveCount(0);
    await expect(main.getByText(messages.records.attachmentsLocked)).toBeVisible();
    await expect(main.getByRole('button', { name: messages.records.chooseFiles })).toHaveCount(0);

    await page.getByRole('textbox', { name: messages.records.newAddendum }).fill('Correção: a ansiedade é também familiar.');
    await main.getByRole('button', { name: messages.records.addAddendum }).click();
    await seeAndCloseToast(page, messages.records.addendumAdded);
    await expect(main.getByRole('region', { name: messages.records.addenda })).toContainText('Correção: a ansiedade é também familiar.');
  });

  await test.step('the printout shows the registration, the finalization and the addendum', async () => {
    await page.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        const opened = open(...args);
        if (opened) opened.print = () => undefined;
        return opened;
      };
    });
    const popupEvent = context.waitForEvent('page');
    await main.getByRole('button', { name: messages.records.print, exact: true }).click();
    const popup = await popupEvent;
    const body = popup.locator('body');
    await expect(body).toContainText(registration);
    await expect(body).toContainText(messages.patientExport.hash);
    await expect(body).toContainText('Correção: a ansiedade é também familiar.');
    await popup.close();
  });
});
