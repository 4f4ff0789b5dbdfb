// axe-core (WCAG 2.1 A/AA) over the public pages and the practice's screens, at 1280 and 390 px:
// no serious or critical violation, and nothing wider than a phone. The patient's areas and the
// account area are in accessibility-patient.spec.ts.
import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { AccessibilityAudit, auditedPage, closeWithEscape, DESKTOP, PHONE, ready, visit } from './support/accessibility';
import { textbox } from './support/fields';
import { waitForRecoveryPassword } from './support/mail';
import { seedPractice, type Practice } from './support/practice';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { closeToast, toastWith } from './support/toasts';

let practice: Practice;

// Each test walks some fifteen screens; on a loaded 2-core machine (load average 18) one took up to 50 s.
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  practice = await seedPractice(browser, testInfo.project.use.baseURL!);
});

for (const viewport of [DESKTOP, PHONE]) {
  const phone = viewport.width === PHONE.width;

  test(`public pages at ${viewport.width} px`, async ({ browser }) => {
    const page = await auditedPage(browser, { viewport });
    const audit = new AccessibilityAudit(page);
    const main = page.getByRole('main');

    await visit(page, '/');
    await ready(page, main.getByRole('heading', { name: messages.login.title }));
    await audit.check('Entrar');
    await main.getByRole('button', { name: messages.login.submit, exact: true }).click();
    await expect(main.getByText(messages.credentials.usernameRequired)).toBeVisible();
    await audit.check('Entrar, com os erros dos campos');
    await textbox(main, messages.fields.username).fill('ninguem');
    await textbox(main, messages.fields.password).fill('Errada123');
    await main.getByRole('button', { name: messages.login.submit, exact: true }).click();
    await ready(page, toastWith(page, messages.errors.invalidCredentials));
    await audit.check('Entrar, com o aviso de erro');
    await closeToast(page, messages.errors.invalidCredentials);

    await main.getByRole('button', { name: messages.login.forgotUsername }).click();
    const usernameDialog = await audit.checkDialog(messages.recovery.usernameTitle, 'Recuperar usuário');
    await closeWithEscape(page, usernameDialog);
    await main.getByRole('button', { name: messages.login.forgotPassword }).click();
    const passwordDialog = await audit.checkDialog(messages.recovery.passwordTitle, 'Recuperar senha');
    await closeWithEscape(page, passwordDialog);

    await visit(page, '/register');
    await ready(page, main.getByRole('heading', { name: messages.register.title }));
    await audit.check('Criar conta');
    const newcomer = `a11y_${Date.now().toString(36)}_${viewport.width}`;
    await textbox(main, messages.fields.username).fill(newcomer);
    await textbox(main, messages.fields.email).fill(`${newcomer}@example.com`);
    await textbox(main, messages.fields.firstName).fill('Nina');
    for (const field of [messages.fields.password, messages.fields.passwordConfirmation]) await textbox(main, field).fill('Primeira1');
    await main.getByRole('button', { name: messages.register.submit, exact: true }).click();
    await ready(page, main.getByRole('heading', { name: messages.register.successTitle }));
    await audit.check('Criar conta: confirme seu e-mail');

    await visit(page, '/confirm-user-registration');
    await ready(page, main.getByText(messages.confirmation.invalidLink));
    await audit.check('Confirmação de cadastro (link inválido)');
    await visit(page, '/confirm-user-email-update');
    await ready(page, main.getByText(messages.confirmation.invalidLink));
    await audit.check('Confirmação de e-mail (link inválido)');

    await visit(page, `/form-public-view?token=${practice.openFormToken}`);
    await ready(page, main.getByRole('heading', { name: 'Anamnese geral' }));
    await audit.check('Formulário do paciente');
    await visit(page, `/form-public-view?token=${practice.submittedFormToken}`);
    await ready(page, main.getByRole('link', { name: messages.measurement.crisisCvv }));
    await audit.check('Formulário do paciente, enviado (apoio em crise)');

    await visit(page, practice.appointmentLink);
    await ready(page, main.getByRole('button', { name: messages.agenda.publicConfirm }));
    await audit.check('Consulta do paciente (lembrete)');

    // An unknown address is the login page.
    await visit(page, '/pagina-que-nao-existe');
    await ready(page, main.getByRole('heading', { name: messages.login.title }));

    // Signed in with a recovery password, only a new password can be set.
    const recovering = await registerConfirmedProfessional(page, 'Rui');
    expect((await page.request.post('/v1/users/recover-password', { data: { email: recovering.email } })).status()).toBe(200);
    await signIn(page, recovering.username, await waitForRecoveryPassword(recovering.email));
    await audit.checkDialog(messages.account.passwordChangeRequiredTitle, 'Nova senha obrigatória');

    audit.assertClean();
    await page.context().close();
  });

  test(`dashboard, patients, agenda, finance and billing at ${viewport.width} px`, async ({ browser }) => {
    const page = await auditedPage(browser, { viewport, storageState: practice.storageState });
    const audit = new AccessibilityAudit(page);
    const main = page.getByRole('main');
    const { carla, bruno } = practice;

    await visit(page, '/dashboard');
    await ready(page, main.getByRole('region', { name: messages.measurement.alertsLabel }));
    await ready(page, main.getByRole('region', { name: messages.agenda.todayTitle }).getByRole('listitem').first());
    await audit.check('Painel');

    await visit(page, '/patients');
    const carlaCard = main.getByRole('article', { name: carla.name });
    await ready(page, carlaCard);
    await audit.check('Pacientes');
    await main.getByRole('button', { name: messages.patients.newPatient, exact: true }).click();
    const newPanel = await audit.checkDialog(messages.patients.newPatient, 'Novo paciente');
    await closeWithEscape(page, newPanel);
    await carlaCard.getByRole('button', { name: messages.patients.edit }).click();
    const editPanel = await audit.checkDialog(messages.patients.editPatient, 'Editar paciente', (shown) => shown.getByRole('button', { name: messages.fields.clearBirthdate }));
    await editPanel.getByRole('button', { name: messages.accessLog.title }).click();
    const accessLog = await audit.checkDialog(messages.accessLog.title, 'Registro de acessos', (shown) => shown.getByRole('table'));
    await accessLog.getByRole('button', { name: messages.common.close }).click();
    await expect(accessLog).toBeHidden();
    await editPanel.getByRole('button', { name: messages.patients.deletePatient }).click();
    const confirmation = await audit.checkDialog(messages.confirmDelete.title, 'Confirmar exclusão do paciente');
    await confirmation.getByRole('button', { name: messages.common.cancel }).click();
    await closeWithEscape(page, editPanel);

    await visit(page, '/agenda');
    const calendar = main.getByRole('region', { name: messages.agenda.calendarLabel });
    await ready(page, calendar.locator('.fc-event', { hasText: carla.name }).first());
    await audit.check(phone ? 'Agenda (dia)' : 'Agenda (semana)');
    await calendar.getByRole('button', { name: messages.agenda.views.month, exact: true }).click();
    await ready(page, calendar.locator('.fc-dayGridMonth-view'));
    await audit.check('Agenda (mês)');
    await main.getByRole('button', { name: messages.agenda.newAppointment }).click();
    const newAppointment = await audit.checkDialog(messages.agenda.newAppointment, 'Nova consulta');
    await closeWithEscape(page, newAppointment);
    await calendar.locator('.fc-event', { hasText: carla.name }).first().click();
    const editAppointment = await audit.checkDialog(messages.agenda.editAppointment, 'Editar consulta');
    await closeWithEscape(page, editAppointment);

    // Each width pays a different patient, so that both can show the receipt.
    const payer = phone ? carla : bruno;
    await visit(page, '/finance');
    await ready(page, main.getByRole('region', { name: payer.name }));
    await audit.check('Financeiro');
    await main.getByRole('button', { name: messages.finance.pixChargeFor(carla.name) }).click();
    const pix = await audit.checkDialog(messages.finance.pixChargeFor(carla.name), 'Cobrança Pix', (shown) => shown.getByRole('img'));
    await closeWithEscape(page, pix);
    await main.getByRole('button', { name: messages.finance.registerPaymentFor(payer.name) }).click();
    const payment = await audit.checkDialog(messages.finance.paymentTitle(payer.name), 'Registrar pagamento');
    await payment.getByRole('button', { name: messages.finance.registerPayment, exact: true }).click();
    const receipt = page.getByRole('dialog', { name: new RegExp(`${payer.name}$`) });
    await ready(page, receipt.getByRole('link'));
    await audit.check('Recibo emitido', receipt);
    // Mailed: to Carla's e-mail at once; Bruno has none, and a dialog asks where to send it.
    // Its receipt number depends on which width ran first.
    await receipt.getByRole('button', { name: /^Enviar por e-mail o recibo nº \d+$/ }).click();
    if (payer === bruno) {
      const asks = await audit.checkDialog(messages.finance.emailReceiptTitle, 'Enviar recibo por e-mail');
      await asks.getByRole('textbox', { name: messages.fields.email }).fill('bruno.lima@example.com');
      await asks.getByRole('button', { name: messages.finance.emailReceipt }).click();
      await expect(asks).toBeHidden();
    }
    await closeWithEscape(page, receipt);
    const paid = page.locator('[data-sonner-toast][data-type="success"]');
    await ready(page, paid);
    await audit.check('Financeiro, com o aviso de sucesso');
    await paid.getByRole('button', { name: messages.common.close }).click();
    await expect(paid).toHaveCount(0);

    await visit(page, '/billing');
    await ready(page, main.getByText(messages.billing.statuses.trial, { exact: true }));
    await audit.check('Faturamento');

    audit.assertClean();
    await page.context().close();
  });
}
