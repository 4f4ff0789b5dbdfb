// axe-core (WCAG 2.1 A/AA) over a patient's areas (records with their sessions, forms, chats,
// 'Evolução', documents) and the account area (with the note templates), at 1280 and 390 px: no serious or critical violation, and nothing wider than a
// phone. The public pages and the practice's screens are in accessibility-practice.spec.ts.
import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { AccessibilityAudit, auditedPage, closeWithEscape, DESKTOP, dialog, PHONE, ready, visit } from './support/accessibility';
import { seedPractice, type Practice } from './support/practice';
import { recordEditor } from './support/record-editor';

let practice: Practice;

// Each test walks some fifteen screens; on a loaded 2-core machine (load average 18) one took up to 50 s.
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  practice = await seedPractice(browser, testInfo.project.use.baseURL!);
});

for (const viewport of [DESKTOP, PHONE]) {
  const phone = viewport.width === PHONE.width;

  test(`records and forms at ${viewport.width} px`, async ({ browser }) => {
    const page = await auditedPage(browser, { viewport, storageState: practice.storageState });
    const audit = new AccessibilityAudit(page);
    const main = page.getByRole('main');
    const patient = `/patients/${practice.carla.id}`;
    const r = messages.records;

    await visit(page, `${patient}/records`);
    await ready(page, main.getByRole('article', { name: 'Sessão inicial' }));
    await audit.check('Prontuários');
    await main.getByRole('button', { name: r.newRecord, exact: true }).click();
    const newRecord = await audit.checkDialog(r.newRecord, 'Novo prontuário');
    await closeWithEscape(page, newRecord);

    await visit(page, `${patient}/records/${practice.recordId}`);
    const editor = recordEditor(page);
    await ready(page, editor.getByRole('heading', { name: 'Queixa' }));
    await ready(page, main.getByRole('region', { name: r.attachments }).getByText(practice.attachmentName));
    await audit.check('Prontuário (editor)');

    // The editor is made as the text is reached for: its toolbar and link box are checked below.
    await expect(main.locator('.record-editor')).not.toHaveAttribute('aria-busy', 'true');
    await editor.getByText('orientações').click();
    const linkPreview = main.locator('.ql-tooltip:not(.ql-hidden)');
    await expect(linkPreview).toBeVisible();
    await linkPreview.locator('a.ql-action').click();
    await ready(page, linkPreview.getByRole('textbox', { name: r.editor.linkInput }));
    await audit.check('Prontuário: caixa do link');
    await page.keyboard.press('Escape');

    await main.getByRole('region', { name: r.attachments }).getByTitle(r.remove).click();
    const removeAttachment = await audit.checkDialog(r.removeAttachmentTitle, 'Remover anexo?');
    await removeAttachment.getByRole('button', { name: messages.common.cancel }).click();

    await main.getByRole('button', { name: r.history, exact: true }).click();
    const history = dialog(page, r.historyTitle);
    const versions = history.getByRole('navigation', { name: r.versions }).getByRole('button');
    await ready(page, versions.nth(1));
    await versions.nth(1).click();
    await ready(page, history.getByRole('document'));
    await audit.check('Histórico do prontuário', history);
    await closeWithEscape(page, history);

    // Leaving with unsaved text asks first; staying lets the text save itself.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Retorno em 15 dias.');
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    const leave = await audit.checkDialog(r.leaveTitle, 'Sair sem salvar?');
    await leave.getByRole('button', { name: r.leaveStay }).click();
    await expect(main.getByRole('status')).toHaveText(/^Salvo às/);

    await main.getByRole('button', { name: r.finalize, exact: true }).click();
    const finalize = await audit.checkDialog(r.finalizeTitle, 'Finalizar prontuário');
    await finalize.getByRole('button', { name: messages.common.cancel }).click();
    await expect(finalize).toBeHidden();

    await visit(page, `${patient}/records/${practice.finalizedRecordId}`);
    await ready(page, main.getByRole('region', { name: r.addenda }));
    await audit.check('Prontuário finalizado, com adendo');

    await visit(page, `${patient}/forms`);
    await ready(page, main.getByRole('article', { name: 'Primeira consulta' }));
    await audit.check('Formulários');
    await main.getByRole('button', { name: messages.forms.newForm, exact: true }).click();
    const newForm = await audit.checkDialog(messages.forms.newForm, 'Novo formulário');
    await closeWithEscape(page, newForm);

    await visit(page, `${patient}/forms/${practice.openFormId}`);
    const sendBox = main.getByRole('region', { name: messages.measurement.sendByEmail });
    await ready(page, sendBox);
    await audit.check('Formulário (profissional)');
    await sendBox.getByRole('button', { name: messages.measurement.sendByEmail }).click();
    const send = await audit.checkDialog(messages.measurement.sendTitle, 'Enviar formulário por e-mail');
    await closeWithEscape(page, send);

    await visit(page, `${patient}/forms/${practice.phq9FormId}`);
    await ready(page, main.getByRole('region', { name: messages.qaTemplates.scoreLabel }));
    await audit.check('Formulário respondido, com pontuação');

    await visit(page, `${patient}/measurement`);
    await ready(page, main.locator('.recharts-surface').first());
    await audit.check('Evolução');

    const d = messages.documents;
    await visit(page, `${patient}/documents`);
    await ready(page, main.getByRole('article', { name: d.titles.atestado }));
    await audit.check('Documentos');
    await main.getByRole('button', { name: d.newDocument, exact: true }).click();
    const newDocument = await audit.checkDialog(d.newDocument, 'Novo documento');
    await closeWithEscape(page, newDocument);

    audit.assertClean();
    await page.context().close();
  });

  test(`chats and the account area at ${viewport.width} px`, async ({ browser }) => {
    const page = await auditedPage(browser, { viewport, storageState: practice.storageState });
    const audit = new AccessibilityAudit(page);
    const main = page.getByRole('main');
    const c = messages.chats;

    await visit(page, `/patients/${practice.carla.id}/chats`);
    await ready(page, main.getByRole('article', { name: 'Supervisão' }));
    await audit.check('Sessões com o assistente');
    await main.getByRole('button', { name: c.newChat, exact: true }).click();
    const newChat = await audit.checkDialog(c.newChat, 'Nova sessão');
    await closeWithEscape(page, newChat);

    await visit(page, `/patients/${practice.carla.id}/chats/${practice.chatId}`);
    const thread = main.getByRole('log', { name: c.threadLabel });
    await ready(page, thread.getByRole('article').nth(1));
    await audit.check('Sessão com o assistente');
    let menuChecked = false;
    // At phone width the actions are in a menu (checked once), on a desktop they are buttons.
    const openAction = async (action: string) => {
      if (phone) {
        await main.getByRole('button', { name: c.moreActions }).click();
        const menu = page.getByRole('menu');
        await ready(page, menu);
        if (!menuChecked) await audit.check('Sessão: menu de ações', menu);
        menuChecked = true;
        await menu.getByRole('menuitem', { name: action }).click();
      } else {
        await main.getByRole('button', { name: action, exact: true }).click();
      }
    };
    await openAction(c.sendForm);
    const sendForm = await audit.checkDialog(c.sendForm, 'Enviar formulário à sessão');
    await closeWithEscape(page, sendForm);
    await openAction(c.generateRecord);
    const generate = await audit.checkDialog(c.generateRecord, 'Gerar prontuário');
    await closeWithEscape(page, generate);

    const a = messages.account;
    await visit(page, '/user');
    await ready(page, main.getByRole('list', { name: a.sessionsSection }).getByRole('listitem'));
    await audit.check('Minha conta');
    await main.getByRole('button', { name: a.changeEmail, exact: true }).click();
    const changeEmail = await audit.checkDialog(a.changeEmail, 'Alterar e-mail');
    await closeWithEscape(page, changeEmail);
    await main.getByRole('button', { name: a.changePassword, exact: true }).click();
    const changePassword = await audit.checkDialog(a.changePassword, 'Alterar senha');
    await closeWithEscape(page, changePassword);

    const t = messages.qaTemplates;
    await visit(page, '/user/qa-templates');
    await ready(page, main.getByRole('region', { name: t.ownSection }).getByRole('article', { name: 'Triagem de sono' }));
    await audit.check('Modelos de questionário');
    await main.getByRole('region', { name: t.librarySection }).getByRole('article').filter({ hasText: 'PHQ-9' }).getByRole('link', { name: t.open }).click();
    await ready(page, main.getByText(t.libraryReadOnly));
    await audit.check('Modelo da biblioteca (só leitura)');
    await visit(page, `/user/qa-templates/${practice.ownTemplateId}`);
    await ready(page, main.getByRole('region', { name: t.section(1) }));
    await audit.check('Modelo: construtor');
    await main.getByRole('tab', { name: t.previewTab }).click();
    await ready(page, main.getByRole('region', { name: t.scoreLabel }));
    await audit.check('Modelo: pré-visualização');

    const r = messages.records;
    await visit(page, '/user/note-templates');
    await ready(page, main.getByRole('region', { name: r.noteTemplatesLibrary }).getByRole('article', { name: 'SOAP' }));
    await audit.check('Modelos de evolução');
    await main.getByRole('button', { name: r.newNoteTemplate, exact: true }).click();
    const newNoteTemplate = await audit.checkDialog(r.newNoteTemplate, 'Novo modelo de evolução');
    await closeWithEscape(page, newNoteTemplate);

    const s = messages.aiAssistants;
    await visit(page, '/user/ai-assistants');
    const own = main.getByRole('region', { name: s.ownSection }).getByRole('article', { name: 'Assistente de TCC' });
    await ready(page, own);
    await audit.check('Assistentes de IA');
    await main.getByRole('region', { name: s.librarySection }).getByRole('button', { name: s.view }).first().click();
    const view = page.getByRole('dialog');
    await ready(page, view);
    await audit.check('Assistente da biblioteca', view);
    await closeWithEscape(page, view);
    await own.getByRole('button', { name: s.edit }).click();
    const edit = await audit.checkDialog(s.editAssistant, 'Editar assistente');
    await closeWithEscape(page, edit);

    audit.assertClean();
    await page.context().close();
  });
}
