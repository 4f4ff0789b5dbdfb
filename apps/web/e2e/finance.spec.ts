import { readFile } from 'node:fs/promises';
import { formatCents, messages } from '@consultorio/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility';
import { eventOf, slotPoint } from './support/calendar';
import { waitForMailLink } from './support/mail';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';
import { drawnBox } from './support/boxes';

const f = messages.finance;
const a = messages.agenda;
const ZONE = 'America/Sao_Paulo';

/** The day (YYYY-MM-DD) of an instant in São Paulo, the professional's zone. */
function dayInZone(instant = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE }).format(instant);
}

/** This month (YYYY-MM) in São Paulo. */
function thisMonth(): string {
  return dayInZone().slice(0, 7);
}

/** The Monday (YYYY-MM-DD) of a day's week, the agenda's first day. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

async function book(page: Page, patientId: string, startsAt: string): Promise<void> {
  const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt, allowOverlap: true } });
  expect(booked.status()).toBe(201);
}

/** A patient with a fee of R$ 150,00 and two sessions this month, made through the API (the agenda has its own screens). */
async function patientWithTwoSessions(page: Page): Promise<{ id: string; name: string }> {
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Lúcia', lastName: 'Ferraz' } });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { patient: { id: string } } }).data.patient;
  const updated = await page.request.put(`/v1/patients/${id}`, {
    data: { firstName: 'Lúcia', lastName: 'Ferraz', document: '111.444.777-35', sessionFeeCents: 15000 },
  });
  expect(updated.status()).toBe(200);
  for (const day of ['01', '02']) await book(page, id, `${thisMonth()}-${day}T10:00:00-03:00`);
  return { id, name: 'Lúcia Ferraz' };
}

/** Opens a page from the top bar, as a professional moves around the app (no reload); 'Início' is the logo's link. */
async function openFromTopBar(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name }).click();
}

/** The patient's balance as their 'Editar' panel shows it, the panel closed again. */
async function expectBalance(page: Page, patientName: string, text: string): Promise<void> {
  await openFromTopBar(page, messages.nav.patients);
  await page.getByRole('main').getByRole('article', { name: patientName }).getByRole('button', { name: messages.patients.edit }).click();
  const panel = page.getByRole('dialog', { name: messages.patients.editPatient });
  await expect(panel.getByText(text, { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: messages.common.close }).first().click();
  await expect(panel).toBeHidden();
}

function receivableCard(page: Page): Locator {
  return page.getByRole('main').getByRole('link', { name: messages.dashboard.receivable.title });
}

function receiptDialog(page: Page, patientName: string) {
  return page.getByRole('dialog', { name: `${f.receiptNumber} ${f.receiptNumberShort(1)} — ${patientName}` });
}

test('a professional registers one payment for two sessions and downloads its receipt; what the agenda changes shows everywhere without a reload', async ({
  page,
  request,
}) => {
  // Several pages and a reminder's mail, on a busy 2-core machine.
  test.setTimeout(150_000);
  // Date.now stands still in the page while its timers run: what the app cached never grows
  // old by itself (staleTime), so only the refresh after each change can update another page,
  // and the agenda's periodic refresh runs only when the clock is moved forward.
  await page.clock.setFixedTime(Date.now());
  const professional = await registerConfirmedProfessional(page, 'Helena');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const patient = await patientWithTwoSessions(page);

  await test.step('open Financeiro from the top bar: the two sessions are pending', async () => {
    await page.getByRole('link', { name: messages.nav.finance, exact: true }).click();
    await expect(page).toHaveURL(/\/finance$/);
    await expect(page.getByRole('heading', { name: f.title, level: 2 })).toBeVisible();
    const card = page.getByRole('region', { name: patient.name });
    await expect(card.getByRole('checkbox')).toHaveCount(2);
    // The sessions already held are chosen at first (on the 1st or 2nd of a month one of them is still ahead): both, for this payment.
    for (const box of await card.getByRole('checkbox').all()) await box.check();
    await expect(card.getByText(f.selectedTotal(2, formatCents(30000)), { exact: true })).toBeVisible();
    // What the receipts still lack, named (this professional has filled none of it).
    const missing = f.profileMissing;
    await expect(page.getByText(f.profileIncomplete(`${missing.document}, ${missing.professionalRegistration}, ${missing.city} e ${missing.officeAddress}`))).toBeVisible();
  });

  await test.step("'Registrar pagamento' for both sessions issues receipt nº 1", async () => {
    await page.getByRole('button', { name: f.registerPaymentFor(patient.name) }).click();
    const dialog = page.getByRole('dialog', { name: f.paymentTitle(patient.name) });
    await expect(dialog.getByRole('textbox', { name: f.amount })).toHaveValue('R$ 300,00');
    await dialog.getByRole('button', { name: f.registerPayment, exact: true }).click();
    await expect(receiptDialog(page, patient.name).getByText(f.paymentRegistered(1))).toBeVisible();
    // Said once, in the receipt's dialog: no toast repeats it.
    await expect(page.locator('[data-sonner-toast]', { hasText: f.paymentRegistered(1) })).toHaveCount(0);
  });

  await test.step('download the receipt: a PDF named recibo-1.pdf', async () => {
    const dialog = receiptDialog(page, patient.name);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: f.downloadReceiptLabel(1) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('recibo-1.pdf');
    const file = await readFile(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    // Lúcia has no e-mail: 'Enviar por e-mail' asks where to send it, and no toast says one is missing.
    await dialog.getByRole('button', { name: f.emailReceiptLabel(1) }).click();
    const asks = page.getByRole('dialog', { name: f.emailReceiptTitle });
    await expect(asks.getByText(f.emailReceiptNoAddress)).toBeVisible();
    await expect(page.locator('[data-sonner-toast]', { hasText: messages.errors.recipientEmailMissing })).toHaveCount(0);
    const address = `lucia.${professional.username}@example.com`;
    await asks.getByRole('textbox', { name: messages.fields.email }).fill(address);
    await asks.getByRole('button', { name: f.emailReceipt }).click();
    await seeAndCloseToast(page, f.receiptQueued(address));
    await expect(asks).toBeHidden();
    // The footer's 'Fechar' (the header's close button has the same name).
    await dialog.getByRole('button', { name: messages.common.close, exact: true }).last().click();
  });

  await test.step('the sessions are paid and the receipt is in the month’s report', async () => {
    await expect(page.getByText(f.pendingEmpty)).toBeVisible();
    const receipts = page.getByRole('region', { name: f.receiptsTitle });
    // The payer's cell: the name, and the CPF under it.
    await expect(receipts.getByRole('cell', { name: `${patient.name} ${f.cpfLine('111.444.777-35')}`, exact: true })).toBeVisible();
    await expect(receipts.getByRole('link', { name: f.downloadReceiptLabel(1) })).toBeVisible();
    await expect(page.getByRole('region', { name: f.received, exact: true })).toContainText(formatCents(30000));
    await expect(page.getByRole('region', { name: f.byMethod })).toContainText(formatCents(30000));
  });

  await test.step('the page fits a 390 px screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: f.downloadCsv })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  const calendar = page.getByRole('main').getByRole('region', { name: a.calendarLabel });
  // Today at midnight in São Paulo: always held already, in this week and this month.
  const heldToday = `${dayInZone()}T00:00:00-03:00`;

  await test.step("a session held today and not paid: 'A receber' on the dashboard and the patient's balance count it", async () => {
    await book(page, patient.id, heldToday);
    await openFromTopBar(page, messages.nav.dashboard);
    await expect(receivableCard(page)).toContainText(formatCents(15000));
    await expectBalance(page, patient.name, f.patientBalance(formatCents(15000)));
  });

  await test.step('cancelling it in the agenda clears the dashboard and the balance at once', async () => {
    await openFromTopBar(page, messages.nav.agenda);
    await eventOf(calendar, patient.name).filter({ hasText: '00:00 - 00:50' }).click();
    const dialog = page.getByRole('dialog', { name: a.editAppointment });
    await dialog.getByRole('button', { name: a.cancelAppointment }).click();
    await dialog.getByRole('button', { name: a.confirmCancel }).click();
    await seeAndCloseToast(page, a.cancelledNow);
    await openFromTopBar(page, messages.nav.dashboard);
    await expect(receivableCard(page)).toContainText(formatCents(0));
    await expectBalance(page, patient.name, f.patientNoBalance);
  });

  await test.step('booking in the agenda shows the session on the finance page at once', async () => {
    await openFromTopBar(page, messages.nav.agenda);
    const point = await slotPoint(calendar, dayInZone(), '08:00:00');
    await page.mouse.click(point.x, point.y);
    const dialog = page.getByRole('dialog', { name: a.newAppointment });
    await dialog.getByRole('combobox', { name: a.patient }).fill('lúc');
    await page.getByRole('option', { name: patient.name, exact: true }).click();
    await dialog.getByRole('button', { name: a.book, exact: true }).click();
    await seeAndCloseToast(page, a.created(1));
    await openFromTopBar(page, messages.nav.finance);
    const card = page.getByRole('region', { name: patient.name });
    await expect(card.getByRole('checkbox')).toHaveCount(1);
    await expect(card.getByText(f.selectedTotal(1, formatCents(15000)), { exact: true })).toBeVisible();
  });

  await test.step("a patient's cancellation through the reminder's link shows in the open agenda within a minute", async () => {
    const email = `pedro.${professional.username}@example.com`;
    const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Pedro', lastName: 'Alves', email } });
    expect(created.status()).toBe(201);
    const pedro = ((await created.json()) as { data: { patient: { id: string } } }).data.patient;
    // Inside the 24-hour lead time, so the reminder and its link are mailed at once.
    const startsAt = new Date(Math.ceil((Date.now() + 60 * 60_000) / (30 * 60_000)) * 30 * 60_000);
    await book(page, pedro.id, startsAt.toISOString());
    const token = new URL(await waitForMailLink(email, '/appointment'), 'http://localhost').searchParams.get('token');

    await openFromTopBar(page, messages.nav.agenda);
    if (mondayOf(dayInZone(startsAt)) !== mondayOf(dayInZone())) await calendar.getByRole('button', { name: a.views.next }).click();
    // Booked elsewhere (through the API), it shows once the open agenda reads its week again.
    await page.clock.fastForward('01:00');
    // Its first box: booked at 23:30, it crosses midnight and is drawn in two days.
    const event = eventOf(calendar, 'Pedro Alves').first();
    await expect(event).toContainText(`(${a.statuses.scheduled})`);
    // The patient, in a browser of their own.
    const cancelled = await request.post('/v1/appointments/public/cancel', { data: { token, reason: 'Imprevisto no trabalho' } });
    expect(cancelled.status()).toBe(200);
    await page.clock.fastForward('01:00');
    await expect(event).toContainText(`(${a.statuses.cancelled})`);
  });
});

test("the month and the livro-caixa's fields are drawn at once, in the room their controls then take", async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Vera');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const month = thisMonth();
  const monthText = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  // A new expense of the month under way is dated today.
  const today = dayInZone().split('-').reverse().join('/');

  // The controls' chunks are held back until their stand-ins have been measured.
  let release = () => {};
  let held = Promise.resolve();
  await page.route(/(month-picker-input|expense-controls)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const main = page.getByRole('main');
  const book = main.getByRole('region', { name: messages.tax.expenses.title, exact: true });
  const x = messages.tax.expenses;
  const boxes = async (monthField: Locator, fields: Locator[]) => ({
    month: await drawnBox(monthField),
    next: await drawnBox(main.getByRole('button', { name: f.nextMonth })),
    fields: await Promise.all(fields.map((field) => drawnBox(field))),
    description: await drawnBox(book.getByRole('textbox', { name: x.description, exact: true })),
    add: await drawnBox(book.getByRole('button', { name: x.add })),
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    held = new Promise<void>((resolve) => (release = resolve));
    await page.goto(`/finance?month=${month}`);
    const monthStandIn = main.getByRole('button', { name: f.month, exact: true });
    await expect(monthStandIn).toHaveText(monthText);
    await expect(main.locator('[data-dates-input]')).toHaveCount(0);
    const standIns = [x.date, x.code, x.amount].map((name) => book.getByRole('textbox', { name, exact: true }));
    for (const standIn of standIns) await expect(standIn).toHaveAttribute('readonly', '');
    await expect(standIns[0]!).toHaveValue(today);
    const before = await boxes(monthStandIn, standIns);
    expect(await seriousViolations(page), `stand-ins at ${width} px`).toEqual([]);

    release();
    // Fetched after the paint, the fields are drawn as they are reached for: the focus moves into each.
    await standIns[0]!.focus();
    const date = book.getByRole('textbox', { name: x.date, exact: true });
    await expect(date).not.toHaveAttribute('readonly', '');
    await expect(date).toBeFocused();
    const account = book.getByRole('combobox', { name: x.code, exact: true });
    await expect(account).toBeVisible();
    await monthStandIn.focus();
    const monthField = main.getByRole('button', { name: f.month, exact: true });
    await expect(monthField).toHaveAttribute('data-dates-input', 'true');
    await expect(monthField).toBeFocused();
    await expect(monthField).toHaveText(monthText);
    const amount = book.getByRole('textbox', { name: x.amount, exact: true });
    await expect(amount).not.toHaveAttribute('readonly', '');
    await expect(date).toHaveValue(today);
    const after = await boxes(monthField, [date, account, amount]);
    expect(after, `at ${width} px`).toEqual(before);
  }

  // One mouse click on the month's stand-in draws the calendar's field and opens it, the focus on the month shown.
  await page.reload();
  const monthStandIn = main.getByRole('button', { name: f.month, exact: true });
  await expect(monthStandIn).not.toHaveAttribute('data-dates-input', 'true');
  await monthStandIn.click();
  await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
  await expect(page.locator('[data-dates-dropdown] :focus')).toHaveCount(1);

  // The fields' chunk does not come (the connection dropped): the stand-in stays, focused, and what
  // was typed stays; reached for again once the chunk comes, it becomes the field.
  let isOffline = true;
  await page.route(/expense-controls-[\w-]+\.js$/, (route) => (isOffline ? route.abort('internetdisconnected') : route.fallback()));
  await page.reload();
  const description = book.getByRole('textbox', { name: x.description, exact: true });
  await description.fill('Supervisão clínica');
  const dateStandIn = book.getByRole('textbox', { name: x.date, exact: true });
  await dateStandIn.focus();
  await expect(page.getByText(messages.app.controlLoadFailure)).toBeVisible();
  await expect(dateStandIn).toHaveAttribute('readonly', '');
  await expect(dateStandIn).toBeFocused();
  await expect(description).toHaveValue('Supervisão clínica');
  isOffline = false;
  // Tried again as the toast says: a click on the field (it kept the focus).
  await dateStandIn.click();
  await expect(dateStandIn).not.toHaveAttribute('readonly', '');
  await expect(dateStandIn).toBeFocused();
  await expect(description).toHaveValue('Supervisão clínica');
});
