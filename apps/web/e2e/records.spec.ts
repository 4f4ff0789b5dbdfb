import { messages } from '@consultorio/shared';
import { expect, test, type APIResponse } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast, toastWith } from './support/toasts';
import { drawnBox } from './support/boxes';
import { clickRecordEditor, recordEditor } from './support/record-editor';

const examName = 'exame de sangue ção.txt';
const reportName = 'laudo médico 2025.txt';

test('a record is written with formatting, keeps its attachments and is printed', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Iris');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Maria', lastName: 'Souza' } });
  expect(created.status()).toBe(201);
  const main = page.getByRole('main');
  const editor = recordEditor(page);

  await test.step('open the patient’s records and create one', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await main
      .getByRole('article', { name: 'Maria Souza' })
      .getByRole('link', { name: messages.nav.records, exact: true })
      .click();
    await expect(main.getByRole('heading', { name: messages.records.title })).toBeVisible();
    await expect(main.getByText(messages.records.empty)).toBeVisible();

    await main.getByRole('button', { name: messages.records.newRecord, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.records.newRecord });
    await textbox(dialog, messages.records.name).fill('Evolução semanal');
    await dialog.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.records.created);
    await expect(dialog).toBeHidden();

    const card = main.getByRole('article', { name: 'Evolução semanal' });
    await card.getByRole('link', { name: messages.records.open }).click();
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/records\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('banner').getByText('Maria Souza')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Evolução semanal' })).toBeVisible();
  });

  await test.step('type, make a word bold with the toolbar, save and read it again after a reload', async () => {
    await clickRecordEditor(page);
    await page.keyboard.type('Paciente relata melhora ');
    const toolbar = main.getByRole('toolbar', { name: messages.records.editor.toolbar });
    const bold = toolbar.getByRole('button', { name: messages.records.editor.bold });
    await expect(bold).toHaveAttribute('title', messages.records.editor.bold);
    await bold.click();
    await page.keyboard.type('significativa');
    await bold.click();
    await page.keyboard.type(' do sono.');
    await expect(editor.locator('strong')).toHaveText('significativa');

    await main.getByRole('button', { name: messages.common.save, exact: true }).click();
    await seeAndCloseToast(page, messages.records.saved);

    await page.reload();
    await expect(editor.locator('strong')).toHaveText('significativa');
    await expect(editor).toContainText('Paciente relata melhora significativa do sono.');
  });

  await test.step('the link box speaks Portuguese', async () => {
    const tooltip = main.locator('.ql-tooltip');
    const before = (locator: typeof tooltip) => locator.evaluate((element) => getComputedStyle(element, '::before').content);
    const after = (locator: typeof tooltip) => locator.evaluate((element) => getComputedStyle(element, '::after').content);
    await clickRecordEditor(page);
    await page.keyboard.press('End');
    await page.keyboard.type(' Ver diretriz');
    for (let step = 0; step < 'diretriz'.length; step += 1) await page.keyboard.press('Shift+ArrowLeft');
    await main.getByRole('toolbar').getByRole('button', { name: messages.records.editor.link }).click();
    const address = tooltip.getByRole('textbox', { name: messages.records.editor.linkInput });
    await expect(address).toBeVisible();
    await expect(address).toHaveAttribute('placeholder', messages.records.editor.linkPlaceholder);
    expect(await before(tooltip)).toBe(`"${messages.records.editor.linkEnter}"`);
    expect(await after(tooltip.locator('a.ql-action'))).toBe(`"${messages.records.editor.linkSave}"`);
    await expect(tooltip).not.toContainText('quilljs');
    await address.fill('https://exemplo.com.br/diretriz');
    await address.press('Enter');
    await expect(editor.locator('a[href="https://exemplo.com.br/diretriz"]')).toHaveText('diretriz');
    await editor.locator('a').click();
    // Quill turns the box from editing to preview on the selection's change: waited for, not read at once.
    await expect.poll(() => before(tooltip)).toBe(`"${messages.records.editor.linkVisit}"`);
    expect(await after(tooltip.locator('a.ql-action'))).toBe(`"${messages.records.editor.linkEdit}"`);
    expect(await before(tooltip.locator('a.ql-remove'))).toBe(`"${messages.records.editor.linkRemove}"`);
    await main.getByRole('button', { name: messages.common.save, exact: true }).click();
    await seeAndCloseToast(page, messages.records.saved);
  });

  await test.step('upload two files, download one, remove the other', async () => {
    const attachments = main.getByRole('region', { name: messages.records.attachments });
    await expect(attachments.getByText(messages.records.noAttachments)).toBeVisible();

    await attachments.locator('input[type=file]').setInputFiles([
      { name: examName, mimeType: 'text/plain', buffer: Buffer.from('Hemoglobina 13,5 g/dL\n') },
      { name: reportName, mimeType: 'text/plain', buffer: Buffer.from('Laudo sem alterações\n') },
    ]);
    const chosen = attachments.getByRole('list', { name: messages.records.chosenFiles });
    await expect(chosen.getByText(examName)).toBeVisible();
    await expect(chosen.getByText(reportName)).toBeVisible();
    await attachments.getByRole('button', { name: messages.records.upload, exact: true }).click();
    await seeAndCloseToast(page, messages.records.uploaded(2));
    await expect(chosen).toHaveCount(0);

    const list = attachments.getByRole('list', { name: messages.records.attachments });
    const exam = list.getByRole('listitem').filter({ hasText: examName });
    const report = list.getByRole('listitem').filter({ hasText: reportName });
    await expect(exam).toBeVisible();
    await expect(report).toBeVisible();

    const download = exam.getByTitle(messages.records.download);
    await expect(download).toHaveAttribute('target', '_blank');
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/v1\/files\//);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe('Hemoglobina 13,5 g/dL\n');
    expect(file.headers()['content-disposition']).toContain(`UTF-8''${encodeURIComponent(examName)}`);

    // Removing asks first: 'Cancelar' keeps the file.
    await report.getByTitle(messages.records.remove).click();
    const confirmation = page.getByRole('dialog', { name: messages.records.removeAttachmentTitle });
    await expect(confirmation).toContainText(reportName);
    await confirmation.getByRole('button', { name: messages.common.cancel }).click();
    await expect(confirmation).toBeHidden();
    await expect(report).toBeVisible();
    await report.getByTitle(messages.records.remove).click();
    await confirmation.getByRole('button', { name: messages.records.remove, exact: true }).click();
    await seeAndCloseToast(page, messages.records.removed);
    await expect(list.getByText(reportName)).toHaveCount(0);
    await expect(exam).toBeVisible();
  });

  await test.step('print: a new window titled Prontuário with the patient and the text', async () => {
    // The print dialog would block the test: the window the page opens prints into a flag instead.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        const opened = open(...args);
        if (opened) opened.print = () => ((window as unknown as { printed: boolean }).printed = true);
        return opened;
      };
    });
    const popupEvent = page.context().waitForEvent('page');
    await main.getByRole('button', { name: messages.records.print, exact: true }).click();
    const popup = await popupEvent;
    await expect(popup).toHaveTitle(messages.records.printTitle);
    const body = popup.locator('body');
    await expect(body).toContainText('Maria Souza');
    await expect(body).toContainText('Evolução semanal');
    await expect(body).toContainText(`${professional.firstName} ${professional.lastName}`);
    await expect(popup.locator('main strong')).toHaveText('significativa');
    expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
    await popup.close();
  });

  await test.step('a save that fails keeps every typed word and says so', async () => {
    // A real failure: the record is deleted elsewhere (another tab) while the text is being written.
    const recordId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect((await page.request.delete(`/v1/records/${recordId}`)).status()).toBe(200);
    await clickRecordEditor(page);
    await page.keyboard.press('End');
    await page.keyboard.type(' Texto escrito depois.');
    await main.getByRole('button', { name: messages.common.save, exact: true }).click();
    // Said once, under the editor: why and what to do, with no toast repeating it.
    const failure = main.getByRole('alert');
    await expect(failure).toContainText(messages.errors.recordNotFound);
    await expect(failure).toContainText(messages.records.saveFailed);
    await expect(toastWith(page, messages.errors.recordNotFound)).toHaveCount(0);
    await expect(editor).toContainText('Texto escrito depois.');
    await expect(editor.locator('strong')).toHaveText('significativa');
  });
});

test('the saved text is shown until the editor is reached for, in the room the editor then takes', async ({ page, browser }) => {
  const professional = await registerConfirmedProfessional(page, 'Otto');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const answer = async (response: Promise<APIResponse>) => ((await (await response).json()) as { data: { [key: string]: { id: string; version: number } } }).data;
  const { patient } = await answer(page.request.post('/v1/users/me/patients', { data: { firstName: 'Rita', lastName: 'Lima' } }));
  const { record } = await answer(page.request.post(`/v1/patients/${patient!.id}/records`, { data: { name: 'Sessão 3' } }));
  // A paragraph long enough to be the page's largest paint on a phone.
  const paragraph = 'Relata ansiedade no trabalho. Dorme mal há três semanas, acorda cansada e tem dificuldade de concentração nas reuniões da manhã.';
  const content = `<h2>Demanda</h2><p>${paragraph}</p><ul><li>Sono irregular</li><li>Pouco apetite</li></ul>`;
  expect((await page.request.put(`/v1/records/${record!.id}/content`, { data: { content, version: record!.version } })).status()).toBe(200);

  // The editor's chunk is held back until the saved text has been measured.
  let releaseEditor = () => {};
  let editorHeld = Promise.resolve();
  await page.route(/quill-record-editor-[\w-]+\.js$/, async (route) => {
    await editorHeld;
    await route.continue();
  });
  const main = page.getByRole('main');
  const saveButton = main.getByRole('button', { name: messages.common.save, exact: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    editorHeld = new Promise<void>((resolve) => (releaseEditor = resolve));
    await page.goto(`/patients/${patient!.id}/records/${record!.id}`);
    const savedText = main.locator('.record-editor-saved-text');
    await expect(savedText.getByRole('heading', { name: 'Demanda' })).toBeVisible();
    await expect(savedText.getByRole('listitem').first()).toHaveText('Sono irregular');
    await expect(main.locator('.ql-editor')).toHaveCount(0);
    // Where the click below will see it (boxes are measured from the window's corner).
    await recordEditor(page).scrollIntoViewIfNeeded();
    const before = { editor: await drawnBox(main.locator('.record-editor')), save: await drawnBox(saveButton) };

    releaseEditor();
    // The editor is made when the text is reached for, in the saved text's room: on the phone from
    // the keyboard (the caret at the end), on the desktop by the mouse (made as it comes over the
    // text, so that the click lands in Quill at the heading's end).
    await expect(main.locator('.record-editor')).not.toHaveAttribute('aria-busy', 'true');
    if (width === 390) await recordEditor(page).focus();
    else {
      const heading = recordEditor(page).getByRole('heading');
      const box = await drawnBox(heading);
      await heading.click({ position: { x: box.width - 2, y: box.height / 2 } });
    }
    await expect(main.locator('.ql-editor')).toBeFocused();
    await expect(savedText).toHaveCount(0);
    const after = { editor: await main.locator('.record-editor').boundingBox(), save: await saveButton.boundingBox() };
    expect(after, `at ${width} px`).toEqual(before);
    await page.keyboard.type(width === 390 ? ' e cansaço' : ' atual');
    await expect(main.getByRole('status')).toHaveText(/^Salvo às/);
  }
  const editor = recordEditor(page);
  await expect(editor.getByRole('heading')).toHaveText('Demanda atual');

  // Reached for while Quill is still coming, then left: when it comes it does not take the keys back.
  editorHeld = new Promise<void>((resolve) => (releaseEditor = resolve));
  await page.reload();
  await expect(main.locator('.record-editor')).toHaveAttribute('aria-busy', 'true');
  await editor.getByRole('heading').click();
  await expect(editor).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  releaseEditor();
  await expect(main.locator('.ql-editor')).toBeVisible();
  await expect(main.locator('.record-editor :focus')).toHaveCount(0);
  await expect(editor.getByRole('listitem')).toHaveText(['Sono irregular', 'Pouco apetite e cansaço']);

  // Quill's chunk does not come (the connection dropped): the record's text stays, and says so;
  // reached for again once the chunk comes, the editor is made.
  let isOffline = true;
  await page.route(/quill-record-editor-[\w-]+\.js$/, (route) => (isOffline ? route.abort('internetdisconnected') : route.fallback()));
  await page.reload();
  await editor.getByRole('heading').click();
  await expect(page.getByText(messages.records.editorLoadFailure)).toBeVisible();
  await expect(main.locator('.ql-editor')).toHaveCount(0);
  await expect(editor.getByRole('listitem')).toHaveText(['Sono irregular', 'Pouco apetite e cansaço']);
  isOffline = false;
  await editor.getByRole('heading').click();
  await expect(main.locator('.ql-editor')).toBeFocused();

  // A phone opened afresh: the editor is asked for only once the text is on the screen (after-paint.ts,
  // afterContentPaint). Nothing is evaluated in the page until then: Playwright's evaluations count
  // as the user's gestures, after which the browser no longer reports the page's paints.
  const phone = await browser.newContext({ hasTouch: true, storageState: await page.context().storageState() });
  const fresh = await phone.newPage();
  await fresh.addInitScript(() => {
    const paints: Array<{ at: number; inText: boolean }> = [];
    Object.assign(globalThis, { textPaints: paints });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) paints.push({ at: entry.startTime, inText: !!(entry as LargestContentfulPaint).element?.closest('.record-editor-saved-text') });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await fresh.setViewportSize({ width: 390, height: 900 });
  const editorAsked = fresh.waitForRequest(/quill-record-editor-[\w-]+\.js$/);
  await fresh.goto(`/patients/${patient!.id}/records/${record!.id}`);
  await editorAsked;
  await expect(fresh.getByRole('textbox', { name: messages.records.content })).toContainText('Relata ansiedade no trabalho.');
  const { textPaintedAt, editorAskedAt } = await fresh.evaluate(() => ({
    textPaintedAt: (globalThis as unknown as { textPaints: Array<{ at: number; inText: boolean }> }).textPaints.find((paint) => paint.inText)?.at,
    editorAskedAt: performance.getEntriesByType('resource').find((entry) => entry.name.includes('quill-record-editor'))?.startTime,
  }));
  expect(textPaintedAt, "the saved text was the page's largest paint (the paragraph is made long enough at 390 px)").toBeDefined();
  expect(editorAskedAt, 'the editor was asked for after the text was on the screen').toBeGreaterThanOrEqual(textPaintedAt!);

  // A tap on the saved text makes the editor with the caret where the finger was.
  await expect(fresh.locator('.record-editor')).not.toHaveAttribute('aria-busy', 'true');
  const heading = recordEditor(fresh).getByRole('heading');
  const box = await drawnBox(heading);
  await heading.tap({ position: { x: box.width - 2, y: box.height / 2 } });
  await expect(fresh.locator('.ql-editor')).toBeFocused();
  await fresh.keyboard.type(' e rotina');
  await expect(recordEditor(fresh).getByRole('heading')).toHaveText('Demanda atual e rotina');
  await phone.close();
});
