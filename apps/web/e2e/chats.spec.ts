import { messages, type AiAssistant, type QaTemplate } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';
import { recordEditor } from './support/record-editor';

// The e2e server's model (scripts/fake-chat-model.mjs) streams every answer word by word, starting so.
const modelAnswer = 'Resposta do modelo';
const diaryName = 'diario do sono.txt';

test('a session with the assistant: streamed answers, a file, a form, a record, and a record written from it', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const professional = await registerConfirmedProfessional(page, 'Davi');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const assistants = (await (await page.request.get('/v1/users/me/ai-assistants')).json()).data
    .aiAssistants as AiAssistant[];
  const assistantName = assistants[0]!.name;
  const main = page.getByRole('main');
  const thread = main.getByRole('log', { name: messages.chats.threadLabel });
  const typing = thread.getByText(messages.chats.typing);
  const message = textbox(main, messages.chats.messageLabel);
  const answers = thread.getByRole('article', { name: assistantName, exact: true });
  let patientId = '';

  await test.step('create a patient and open their sessions with the assistant', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await main.getByRole('button', { name: messages.patients.newPatient, exact: true }).click();
    const panel = page.getByRole('dialog', { name: messages.patients.newPatient });
    await textbox(panel, messages.fields.firstName).fill('Ana');
    await textbox(panel, messages.fields.lastName).fill('Lima');
    await panel.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.patients.created);

    await main
      .getByRole('article', { name: 'Ana Lima' })
      .getByRole('link', { name: messages.nav.assistant, exact: true })
      .click();
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/chats$/);
    patientId = new URL(page.url()).pathname.split('/')[2]!;
    await expect(main.getByRole('heading', { name: messages.chats.title })).toBeVisible();
    await expect(main.getByText(messages.chats.empty)).toBeVisible();
  });

  await test.step('create “Primeira sessão” with the first assistant and land on it', async () => {
    await main.getByRole('button', { name: messages.chats.newChat, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.chats.newChat });
    await textbox(dialog, messages.chats.name).fill('Primeira sessão');
    const assistant = dialog.getByRole('combobox', { name: messages.chats.assistant });
    await expect(assistant).toHaveAttribute('placeholder', messages.chats.assistantPlaceholder);
    await assistant.click();
    const first = page.getByRole('option').first();
    await expect(first).toContainText(assistantName);
    await first.click();
    await dialog.getByRole('button', { name: messages.common.create, exact: true }).click();
    await seeAndCloseToast(page, messages.chats.created);

    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/chats\/[0-9a-f-]{36}$/);
    const details = main.getByRole('complementary', { name: 'Primeira sessão' });
    await expect(details.getByText(assistantName)).toBeVisible();
    await expect(details.getByText(messages.common.dash)).toBeVisible();
    await expect(thread.getByText(messages.chats.emptyThread)).toBeVisible();
  });

  await test.step('type and press Enter: the message at once, the typing indicator, then the streamed answer', async () => {
    // The request waits until the page has been seen in its sending state.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/chats/*/send-text/stream', async (route) => {
      await released;
      await route.continue();
    });

    await message.fill('Paciente relata insônia há duas semanas.');
    await message.press('Enter');
    await expect(thread.getByRole('article', { name: messages.chats.you })).toContainText(
      'Paciente relata insônia há duas semanas.',
    );
    await expect(typing).toBeVisible();
    await expect(message).toBeDisabled();
    // Every state the thread goes through while the answer streams, to see it grow word by word.
    await thread.evaluate((log) => {
      const seen: string[] = [];
      Object.assign(window, { threadStates: seen });
      new MutationObserver(() => seen.push(log.textContent ?? '')).observe(log, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    release();

    await expect(answers).toHaveCount(1);
    await expect(answers).toContainText(modelAnswer);
    await expect(typing).toBeHidden();
    await expect(message).toBeEnabled();
    await expect(message).toHaveValue('');
    const states = await page.evaluate(() => (window as unknown as { threadStates: string[] }).threadStates);
    const growing = new Set(states.filter((state) => state.includes(messages.chats.typing) && state.includes(modelAnswer)));
    // A whole answer at once would show no state with both the indicator and the answer's words.
    expect(growing.size).toBeGreaterThanOrEqual(2);
    await page.unroute('**/v1/chats/*/send-text/stream');
  });

  await test.step('copy the answer: “Copiado” for 3 seconds', async () => {
    const answer = answers.first();
    await answer.getByRole('button', { name: messages.chats.copy }).click();
    await expect(answer.getByRole('button', { name: messages.chats.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(modelAnswer);
    await expect(answer.getByRole('button', { name: messages.chats.copy })).toBeVisible({ timeout: 5_000 });
  });

  await test.step('attach a text file with “Enviar anexo” and send it', async () => {
    await main.locator('input[type=file]').setInputFiles({
      name: diaryName,
      mimeType: 'text/plain',
      buffer: Buffer.from('Dormiu às 2h, acordou às 6h.\n'),
    });
    await expect(main.getByRole('group', { name: messages.chats.chosenAttachment })).toContainText(diaryName);
    await expect(message).toHaveAttribute('placeholder', messages.chats.placeholderWithAttachment);
    await main.getByRole('button', { name: messages.chats.send, exact: true }).click();

    await expect(thread.getByRole('listitem').filter({ hasText: diaryName })).toBeVisible();
    await expect(answers).toHaveCount(2);
    await expect(typing).toBeHidden();
    await expect(thread.getByRole('link', { name: diaryName })).toHaveAttribute('href', /^\/v1\/files\/chat-[0-9a-f-]+\.txt$/);
    await expect(main.getByRole('group', { name: messages.chats.chosenAttachment })).toHaveCount(0);
    await expect(message).toHaveAttribute('placeholder', messages.chats.placeholder);
  });

  await test.step('send one of the patient’s forms and one of their records', async () => {
    const templates = (await (await page.request.get('/v1/users/me/qa-templates')).json()).data
      .qaTemplates as QaTemplate[];
    const form = await page.request.post(`/v1/patients/${patientId}/forms`, {
      data: { name: 'Anamnese inicial', qaTemplateId: templates[0]!.id },
    });
    expect(form.status()).toBe(201);
    const record = await page.request.post(`/v1/patients/${patientId}/records`, { data: { name: 'Evolução de março' } });
    expect(record.status()).toBe(201);

    await main.getByRole('button', { name: messages.chats.sendForm, exact: true }).click();
    const formDialog = page.getByRole('dialog', { name: messages.chats.sendForm });
    await formDialog.getByRole('combobox', { name: messages.chats.chooseForm }).click();
    await page.getByRole('option', { name: 'Anamnese inicial' }).click();
    await formDialog.getByRole('button', { name: messages.chats.send, exact: true }).click();
    await expect(thread.getByText(messages.chats.sentForm('Anamnese inicial'))).toBeVisible();
    await expect(answers).toHaveCount(3);
    await expect(typing).toBeHidden();

    await main.getByRole('button', { name: messages.chats.sendRecord, exact: true }).click();
    const recordDialog = page.getByRole('dialog', { name: messages.chats.sendRecord });
    await recordDialog.getByRole('combobox', { name: messages.chats.chooseRecord }).click();
    await page.getByRole('option', { name: 'Evolução de março' }).click();
    await recordDialog.getByRole('button', { name: messages.chats.send, exact: true }).click();
    await expect(thread.getByText(messages.chats.sentRecord('Evolução de março'))).toBeVisible();
    await expect(answers).toHaveCount(4);
    await expect(typing).toBeHidden();
  });

  await test.step('generate a record from the chat and land on it', async () => {
    await main.getByRole('button', { name: messages.chats.generateRecord, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: messages.chats.generateRecord });
    const name = textbox(dialog, messages.chats.recordName);
    await expect(name).toHaveValue('Primeira sessão');
    await name.fill('Resumo da primeira sessão');
    await dialog.getByRole('button', { name: messages.chats.generate, exact: true }).click();

    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/records\/[0-9a-f-]{36}$/);
    await seeAndCloseToast(page, messages.chats.recordGenerated);
    await expect(main.getByRole('heading', { name: 'Resumo da primeira sessão' })).toBeVisible();
    await expect(main.getByText(messages.records.writtenBy(assistantName))).toBeVisible();
    await expect(recordEditor(page)).toContainText(modelAnswer);
  });

  await test.step('the session is listed with its assistant', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.assistant, exact: true }).click();
    const card = main.getByRole('article', { name: 'Primeira sessão' });
    await expect(card).toContainText(assistantName);
    await card.getByRole('link', { name: messages.chats.open }).click();
    await expect(answers).toHaveCount(4);
  });
});

test('on a 390 px phone the session fits the screen: full-width message box, the other actions in a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const professional = await registerConfirmedProfessional(page, 'Lara');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const assistants = (await (await page.request.get('/v1/users/me/ai-assistants')).json()).data.aiAssistants as AiAssistant[];
  const patient = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Rosa', lastName: 'Dias' } });
  const patientId = ((await patient.json()).data as { patient: { id: string } }).patient.id;
  const created = await page.request.post(`/v1/patients/${patientId}/chats`, { data: { name: 'Plantão', aiAssistantId: assistants[0]!.id } });
  const chatId = ((await created.json()).data as { chat: { id: string } }).chat.id;
  const main = page.getByRole('main');
  const message = textbox(main, messages.chats.messageLabel);
  const thread = main.getByRole('log', { name: messages.chats.threadLabel });

  await page.goto(`/patients/${patientId}/chats/${chatId}`);
  await expect(message).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await message.boundingBox())!;
  const send = (await main.getByRole('button', { name: messages.chats.send, exact: true }).boundingBox())!;
  // The message box takes the card's whole width, and the input bar is on screen without scrolling.
  expect(box.width).toBeGreaterThanOrEqual(290);
  expect(send.y + send.height).toBeLessThanOrEqual(viewport.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await expect(main.getByRole('button', { name: messages.chats.sendForm })).toHaveCount(0);

  // The connection drops as a message is sent: the toast that says so opens above the input bar,
  // not over the send button, and the message stays in the box.
  await page.route(/\/v1\/chats\/[^/]+\/send-text/, (route) => route.abort('internetdisconnected'));
  await message.fill('Dormi mal esta semana.');
  await message.press('Enter');
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  const inputBarTop = (await message.boundingBox())!.y;
  await expect.poll(async () => { const shown = (await toast.boundingBox())!; return shown.y + shown.height; }).toBeLessThanOrEqual(inputBarTop);
  await expect(message).toHaveValue('Dormi mal esta semana.');
  await page.unroute(/\/v1\/chats\/[^/]+\/send-text/);

  await message.fill('Como organizar a rotina de sono?');
  await message.press('Enter');
  await expect(thread.getByRole('article', { name: assistants[0]!.name, exact: true })).toContainText(modelAnswer);
  // A long thread scrolls inside its box: the input bar stays where it was.
  expect((await main.getByRole('button', { name: messages.chats.send, exact: true }).boundingBox())!.y).toBeCloseTo(send.y, 0);

  await main.getByRole('button', { name: messages.chats.moreActions }).click();
  const menu = page.getByRole('menu');
  for (const action of [messages.chats.generateRecord, messages.chats.sendAttachment, messages.chats.sendForm, messages.chats.sendRecord]) {
    await expect(menu.getByRole('menuitem', { name: action })).toBeVisible();
  }
  await menu.getByRole('menuitem', { name: messages.chats.sendForm }).click();
  const dialog = page.getByRole('dialog', { name: messages.chats.sendForm });
  await expect(dialog).toContainText(messages.chats.noForms);
  await dialog.getByRole('button', { name: messages.common.close }).first().click();

  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: messages.chats.moreActions }).click();
  await page.getByRole('menuitem', { name: messages.chats.sendAttachment }).click();
  await (await chooser).setFiles({ name: diaryName, mimeType: 'text/plain', buffer: Buffer.from('Dormiu 6 horas.\n') });
  await expect(main.getByRole('group', { name: messages.chats.chosenAttachment })).toContainText(diaryName);
});
