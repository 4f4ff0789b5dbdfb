import { messages } from '@consultorio/shared';
import { expect, test, type Page, type Request } from '@playwright/test';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { closeToast, toastWith } from './support/toasts';

interface NewPatient {
  firstName: string;
  lastName: string;
  phone: string;
  /** As typed: DD/MM/AAAA. */
  birthdate?: string;
}

async function createPatient(page: Page, fields: NewPatient): Promise<void> {
  await page.getByRole('button', { name: messages.patients.newPatient, exact: true }).click();
  const panel = page.getByRole('dialog', { name: messages.patients.newPatient });
  await expect(textbox(panel, messages.fields.cc)).toHaveValue('+55');
  await expect(panel.getByRole('combobox', { name: messages.fields.country })).toHaveValue('Brasil');
  await textbox(panel, messages.fields.firstName).fill(fields.firstName);
  await textbox(panel, messages.fields.lastName).fill(fields.lastName);
  if (fields.birthdate) {
    await textbox(panel, messages.fields.birthdate).fill(fields.birthdate);
    await textbox(panel, messages.fields.birthdate).blur();
  }
  await textbox(panel, messages.fields.phone).fill(fields.phone);
  await panel.getByRole('button', { name: messages.common.create, exact: true }).click();
  await expect(toastWith(page, messages.patients.created)).toBeVisible();
  await expect(panel).toBeHidden();
  await closeToast(page, messages.patients.created);
}

test('a professional registers patients, finds, edits, selects and deletes them', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Clara');
  const main = page.getByRole('main');
  const topBar = page.getByRole('banner');
  // Named by what it shows: 'Pacientes' and the count.
  const patientsStat = main.getByRole('link', { name: new RegExp(`^${messages.dashboard.stats.patients} `) });

  await test.step('sign in: the dashboard counts no patients yet', async () => {
    await page.goto('/');
    await signIn(page, professional.username, professional.password);
    await expect(page.getByRole('heading', { name: messages.dashboard.welcome(professional.firstName) })).toBeVisible();
    await expect(patientsStat).toContainText('0');
    // Opened again, the dashboard draws from the answers its page brought (issue 34): no call to the API first.
    const apiCalls: string[] = [];
    const recordCall = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) apiCalls.push(request.url());
    };
    page.on('request', recordCall);
    await page.reload();
    await expect(patientsStat).toContainText('0');
    await expect(page.getByRole('heading', { name: messages.dashboard.welcome(professional.firstName) })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', recordCall);
    expect(apiCalls).toEqual([]);
    const technicalSupport = main.getByRole('region', { name: messages.dashboard.support.technical.title });
    await expect(technicalSupport.getByRole('link', { name: messages.dashboard.supportWrite })).toHaveAttribute(
      'href',
      /^mailto:[^?]+@[^?]+\?subject=Suporte%20t%C3%A9cnico%20e%20treinamento$/,
    );
  });

  await test.step('create two patients through the side panel', async () => {
    await topBar.getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await expect(main.getByText(messages.patients.empty)).toBeVisible();
    await expect(main.getByText(messages.patients.emptyHint)).toBeVisible();

    await createPatient(page, {
      firstName: 'João',
      lastName: 'da Silva',
      phone: '11987654321',
      birthdate: '10/05/1980',
    });
    await createPatient(page, { firstName: 'Maria', lastName: 'Souza', phone: '21998765432' });

    await expect(main.getByText(messages.patients.count(2))).toBeVisible();
    await expect(main.getByRole('article', { name: 'João da Silva' })).toContainText('+55 (11) 98765-4321');
    await expect(main.getByRole('article', { name: 'Maria Souza' })).toBeVisible();
  });

  await test.step('search without the accent', async () => {
    await main.getByRole('searchbox', { name: messages.patients.searchLabel }).fill('joao');
    await expect(main.getByRole('article', { name: 'Maria Souza' })).toBeHidden();
    await expect(main.getByRole('article', { name: 'João da Silva' })).toBeVisible();
    await expect(main.getByText(messages.patients.count(1))).toBeVisible();
    await expect(page).toHaveURL(/\/patients\?q=joao$/);

    // Each word on its own, in any order.
    await main.getByRole('searchbox', { name: messages.patients.searchLabel }).fill('silva joao');
    await expect(main.getByRole('article', { name: 'João da Silva' })).toBeVisible();
    await expect(main.getByText(messages.patients.count(1))).toBeVisible();
  });

  await test.step('edit the patient', async () => {
    const card = main.getByRole('article', { name: 'João da Silva' });
    await card.getByRole('button', { name: messages.patients.edit }).click();
    const panel = page.getByRole('dialog', { name: messages.patients.editPatient });
    const birthdate = textbox(panel, messages.fields.birthdate);
    await expect(birthdate).toHaveValue('10/05/1980');
    await expect(panel.getByRole('button', { name: messages.fields.clearBirthdate })).toBeVisible();

    // An impossible or future birthdate stays as typed and is refused under the field, unsaved.
    const save = panel.getByRole('button', { name: messages.common.save, exact: true });
    await birthdate.fill('31/02/1990');
    await birthdate.blur();
    await expect(birthdate).toHaveValue('31/02/1990');
    await save.click();
    await expect(panel.getByText(messages.validation.dateInvalid(messages.validation.dateFields.birthdate))).toBeVisible();
    await birthdate.fill('01/01/2100');
    await birthdate.blur();
    await save.click();
    await expect(panel.getByText(messages.validation.birthdateFuture)).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await birthdate.fill('10/05/1980');
    await birthdate.blur();

    await textbox(panel, messages.fields.lastName).fill('da Silva Santos');
    await textbox(panel, messages.fields.phone).fill('11912345678');
    await panel.getByRole('button', { name: messages.common.save, exact: true }).click();
    await expect(toastWith(page, messages.patients.updated)).toBeVisible();
    await expect(panel).toBeHidden();
    await closeToast(page, messages.patients.updated);
    await expect(main.getByRole('article', { name: 'João da Silva Santos' })).toContainText('+55 (11) 91234-5678');
  });

  const name = 'João da Silva Santos';
  const shortcuts = [messages.nav.assistant, messages.nav.forms, messages.nav.records];

  await test.step('open the assistant area: the top bar shows the patient and the shortcuts', async () => {
    await main.getByRole('article', { name }).getByRole('link', { name: messages.nav.assistant }).click();
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/chats$/);
    await expect(main.getByRole('heading', { name: messages.patients.areas.chats })).toBeVisible();
    await expect(main.getByText(name)).toBeVisible();
    await expect(topBar.getByText(name)).toBeVisible();
    for (const label of shortcuts) {
      await expect(topBar.getByRole('link', { name: label, exact: true })).toHaveText(label);
    }
  });

  await test.step('narrower screens: icons only at 800 px, no shortcuts at 420 px', async () => {
    await page.setViewportSize({ width: 800, height: 720 });
    for (const label of shortcuts) {
      const shortcut = topBar.getByRole('link', { name: label, exact: true });
      await expect(shortcut).toBeVisible();
      await expect(shortcut).toHaveText('');
    }
    await expect(topBar.getByText(name)).toHaveCount(0);

    await page.setViewportSize({ width: 420, height: 720 });
    for (const label of shortcuts) {
      await expect(topBar.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(topBar.getByRole('link', { name: messages.nav.forms, exact: true })).toHaveText(messages.nav.forms);
  });

  const areaUrl = page.url();

  await test.step('delete the patient after confirming: the selection is cleared', async () => {
    await topBar.getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await main.getByRole('article', { name }).getByRole('button', { name: messages.patients.edit }).click();
    const panel = page.getByRole('dialog', { name: messages.patients.editPatient });
    await panel.getByRole('button', { name: messages.patients.deletePatient }).click();
    const confirmation = page.getByRole('dialog', { name: messages.confirmDelete.title });
    await expect(confirmation).toContainText(messages.patients.deleteConfirmation);
    await confirmation.getByRole('button', { name: messages.common.confirm, exact: true }).click();
    await expect(toastWith(page, messages.patients.deleted)).toBeVisible();
    await expect(confirmation).toBeHidden();
    await expect(panel).toBeHidden();
    await closeToast(page, messages.patients.deleted);

    await expect(main.getByRole('article', { name })).toHaveCount(0);
    await expect(main.getByText(messages.patients.count(1))).toBeVisible();
    await expect(topBar.getByRole('link', { name: messages.nav.assistant, exact: true })).toHaveCount(0);
  });

  await test.step('the deleted patient is not found, and the dashboard counts one patient', async () => {
    await page.goto(areaUrl);
    await expect(main.getByText(messages.errors.patientNotFound)).toBeVisible();
    await topBar.getByRole('link', { name: messages.nav.dashboard }).click();
    await expect(patientsStat).toContainText('1');
    // Said in the page, once: no toast repeated it (one would still be on screen).
    await expect(toastWith(page, messages.errors.patientNotFound)).toHaveCount(0);
  });

  await test.step("the list's HTML names the files the page loads, and the server has each of them", async () => {
    const html = await (await page.request.get('/patients')).text();
    const hrefs = [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(([, href]) => href!);
    expect(hrefs.some((href) => /\/patients-page-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);
  });

  await test.step('a patient with a finalized record is deleted only with the full name typed', async () => {
    // A finalized record, made through the API with the page's session.
    const found = await page.request.get('/v1/users/me/patients?q=maria');
    const mariaId = ((await found.json()) as { data: { patients: { id: string }[] } }).data.patients[0]!.id;
    const created = await page.request.post(`/v1/patients/${mariaId}/records`, { data: { name: 'Sessão inicial' } });
    const recordId = ((await created.json()) as { data: { record: { id: string } } }).data.record.id;
    expect((await page.request.post(`/v1/records/${recordId}/finalize`)).status()).toBe(200);

    await topBar.getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await main.getByRole('article', { name: 'Maria Souza' }).getByRole('button', { name: messages.patients.edit }).click();
    const panel = page.getByRole('dialog', { name: messages.patients.editPatient });
    await panel.getByRole('button', { name: messages.patients.deletePatient }).click();
    const confirmation = page.getByRole('dialog', { name: messages.confirmDelete.title });
    await expect(confirmation).toContainText(messages.patients.deleteKeptRecords(1, 'Maria Souza'));
    await expect(confirmation).toContainText('Resolução CFP nº 001/2009');
    const confirm = confirmation.getByRole('button', { name: messages.common.confirm, exact: true });
    const typedName = textbox(confirmation, messages.patients.typedName);
    await expect(confirm).toBeDisabled();
    await typedName.fill('Maria');
    await expect(confirm).toBeDisabled();
    await typedName.fill('  maria SOUZA ');
    await confirm.click();
    await expect(toastWith(page, messages.patients.deleted)).toBeVisible();
    await expect(confirmation).toBeHidden();
    await expect(panel).toBeHidden();
    await closeToast(page, messages.patients.deleted);
    await expect(main.getByText(messages.patients.empty)).toBeVisible();
  });
});

test('a list longer than a screenful draws every card', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Bruna');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const total = 30;
  for (let index = 1; index <= total; index += 1) {
    const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Paciente', lastName: `Número ${String(index).padStart(2, '0')}` } });
    expect(created.status()).toBe(201);
  }
  const summaryCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/users/me/appointments/summaries') summaryCalls.push(request.url());
  });
  const main = page.getByRole('main');
  const allCardsDrawn = async () => {
    // The first cards come with the page, the rest a few per task, in the list's order.
    await expect(main.getByRole('status')).toHaveText(messages.patients.count(total));
    await expect(main.getByRole('article')).toHaveCount(total);
    await expect(main.getByRole('article').last()).toHaveAccessibleName(`Paciente Número ${total}`);
    await expect(main.getByRole('article').last()).toContainText(messages.agenda.noNextAppointment);
    await page.waitForLoadState('networkidle');
  };
  // Reached from the menu, the list asks for its cards' agenda summaries in one call, not once
  // per drawing step (issue 34).
  await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
  await allCardsDrawn();
  expect(summaryCalls).toHaveLength(1);
  // Opened by its address, the page's HTML brings them: no call at all.
  summaryCalls.length = 0;
  await page.reload();
  await allCardsDrawn();
  expect(summaryCalls).toEqual([]);
  // On a phone the grid has one column: fewer cards come with the page, and every one still comes.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await allCardsDrawn();
  expect(summaryCalls).toEqual([]);

  // Mantine's AppShell marks its root while the window resizes; what the page below it inherits is
  // the same with and without the mark (app-styles.css), so the mark does not restyle the page.
  const shell = page.locator('.mantine-AppShell-root');
  await expect(shell).not.toHaveAttribute('data-resizing');
  const inheritedDuration = () => main.evaluate((element) => getComputedStyle(element).getPropertyValue('--app-shell-transition-duration').trim());
  const withoutMark = await inheritedDuration();
  await shell.evaluate((root) => root.setAttribute('data-resizing', 'true'));
  expect(await inheritedDuration()).toBe(withoutMark);
});
