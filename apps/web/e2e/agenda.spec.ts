import { messages, type Appointment } from '@consultorio/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { eventOf, slotPoint } from './support/calendar';
import { waitForMailLink } from './support/mail';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const a = messages.agenda;
const ZONE = 'America/Sao_Paulo';
const HOUR = 3_600_000;

/** A patient made through the API (the patients spec covers the screens). */
async function createPatient(page: Page, firstName: string, lastName: string, email: string, sessionFeeCents?: number): Promise<string> {
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName, lastName, email, sessionFeeCents } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { patient: { id: string } } }).data.patient.id;
}

/** Today in the professional's zone, as the calendar's columns name it (YYYY-MM-DD). */
function todayInZone(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function choose(scope: Page | Locator, label: string, option: string, page: Page): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The appointments of today in the professional's zone, through the API. */
async function todaysAppointments(page: Page): Promise<Appointment[]> {
  const from = new Date(`${todayInZone()}T00:00:00-03:00`);
  const to = new Date(from.getTime() + 24 * HOUR);
  const listed = await page.request.get(`/v1/users/me/appointments?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`);
  return ((await listed.json()) as { data: { appointments: Appointment[] } }).data.appointments;
}

const OFFICE = 'Rua das Acácias, 45, sala 2';

test('a weekly series is booked by clicking a slot; one occurrence is moved, another cancelled; today is on the dashboard', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Helena');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const suffix = professional.username;
  await createPatient(page, 'Maria', 'Souza', `maria.${suffix}@example.com`, 15_000);
  const profile = await page.request.put('/v1/users/me', { data: { firstName: 'Helena', lastName: 'Teste', officeAddress: OFFICE } });
  expect(profile.status()).toBe(200);
  await page.reload();
  const main = page.getByRole('main');
  const calendar = main.getByRole('region', { name: a.calendarLabel });
  const today = todayInZone();

  await test.step("open 'Agenda': the week, Monday first, with the legend", async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.agenda, exact: true }).click();
    await expect(main.getByRole('heading', { name: a.title })).toBeVisible();
    await expect(calendar.locator('.fc-timeGridWeek-view')).toBeVisible();
    await expect(calendar.locator('th.fc-col-header-cell').first()).toHaveClass(/fc-day-mon/);
    await expect(calendar.locator('td.fc-timegrid-slot-label[data-time="13:00:00"]')).toContainText('13:00');
    for (const status of ['scheduled', 'confirmed', 'attended', 'no_show', 'cancelled'] as const) {
      await expect(main.getByRole('group', { name: a.legend }).getByText(a.statuses[status], { exact: true })).toBeVisible();
    }
  });

  await test.step('click the empty 08:00 slot of today and book four weekly sessions, at the office and for the patient\'s fee', async () => {
    const point = await slotPoint(calendar, today, '08:00:00');
    await page.mouse.click(point.x, point.y);
    const dialog = page.getByRole('dialog', { name: a.newAppointment });
    await expect(dialog.getByRole('textbox', { name: a.time })).toHaveValue('08:00');
    await expect(dialog.getByRole('textbox', { name: a.location })).toHaveValue(OFFICE);
    await dialog.getByRole('textbox', { name: a.notes }).fill('Primeira sessão');

    // Escape closes the open calendar, not the dialog; then, over typed notes, it asks first.
    await dialog.getByRole('textbox', { name: a.date }).click();
    const calendarPopup = page.locator('[data-dates-dropdown]');
    await expect(calendarPopup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendarPopup).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('alert')).toContainText(messages.unsavedChanges.title);
    await dialog.getByRole('button', { name: messages.unsavedChanges.keepEditing }).click();
    await expect(dialog.getByRole('textbox', { name: a.notes })).toHaveValue('Primeira sessão');

    await dialog.getByRole('combobox', { name: a.patient }).fill('mar');
    await page.getByRole('option', { name: 'Maria Souza', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: messages.fields.sessionFee })).toHaveValue('R$ 150,00');
    await choose(dialog, a.repeat, a.repeats.weekly, page);
    await dialog.getByRole('textbox', { name: a.repeatCount }).fill('4');
    await dialog.getByRole('button', { name: a.book, exact: true }).click();
    await seeAndCloseToast(page, a.created(4));
    await expect(dialog).toBeHidden();
    await expect(eventOf(calendar, 'Maria Souza')).toHaveCount(1);
    await expect(eventOf(calendar, 'Maria Souza')).toContainText(`Maria Souza (${a.statuses.scheduled}) 08:00 - 08:50`);
  });

  await test.step("drag today's session to 10:00 and keep it to that one ('Só esta')", async () => {
    // The grab and the drop are both near the top of their slot, so the session moves by two hours.
    const target = await slotPoint(calendar, today, '10:00:00');
    const grab = await slotPoint(calendar, today, '08:00:00');
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x, grab.y + 10, { steps: 4 });
    await page.mouse.move(target.x, target.y, { steps: 12 });
    await page.mouse.up();
    const question = page.getByRole('dialog', { name: a.scopeTitle });
    await question.getByRole('button', { name: a.scopeThis, exact: true }).click();
    await seeAndCloseToast(page, a.updated);
    await expect(eventOf(calendar, 'Maria Souza')).toContainText('10:00 - 10:50');
  });

  await test.step("next week the series is still at 08:00; cancel that one alone with a reason", async () => {
    await calendar.getByRole('button', { name: a.views.next }).click();
    const event = eventOf(calendar, 'Maria Souza');
    await expect(event).toContainText('08:00 - 08:50');
    await event.click();
    const dialog = page.getByRole('dialog', { name: a.editAppointment });
    await expect(dialog.getByText(a.partOfSeries)).toBeVisible();
    await dialog.getByRole('button', { name: a.cancelAppointment }).click();
    await dialog.getByRole('textbox', { name: a.cancelReason }).fill('Feriado');
    await dialog.getByRole('button', { name: a.confirmCancel }).click();
    await dialog.getByRole('button', { name: a.scopeThis, exact: true }).click();
    await seeAndCloseToast(page, a.cancelledNow);
    await expect(event).toContainText(`(${a.statuses.cancelled})`);
    // The week after keeps its session.
    await calendar.getByRole('button', { name: a.views.next }).click();
    await expect(eventOf(calendar, 'Maria Souza')).toContainText(`Maria Souza (${a.statuses.scheduled}) 08:00 - 08:50`);
  });

  await test.step("the dashboard lists today's session at its new time", async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.dashboard }).click();
    const todayList = main.getByRole('region', { name: a.todayTitle });
    await expect(todayList.getByRole('listitem')).toHaveCount(1);
    await expect(todayList.getByRole('listitem')).toContainText('10:00 – 10:50');
    await expect(todayList.getByRole('listitem')).toContainText('Maria Souza');
  });

  await test.step('the patient card shows the next session and the cancelled one', async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await expect(main.getByRole('article', { name: 'Maria Souza' })).toContainText(a.attendance(0, 0, 1));
  });

  await test.step("today's session: 'Faltou' asks whether to charge it; charged, then waived", async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.agenda, exact: true }).click();
    await eventOf(calendar, 'Maria Souza').click();
    const dialog = page.getByRole('dialog', { name: a.editAppointment });
    await expect(dialog.getByRole('textbox', { name: messages.fields.sessionFee })).toHaveValue('R$ 150,00');
    await expect(dialog.getByRole('textbox', { name: a.location })).toHaveValue(OFFICE);
    await expect(dialog.getByRole('radiogroup', { name: a.chargeMissed })).toHaveCount(0);
    await choose(dialog, a.status, a.statuses.no_show, page);
    await dialog.getByRole('radiogroup', { name: a.chargeMissed }).getByRole('radio', { name: a.chargeMissedOptions.charge }).check();
    await dialog.getByRole('button', { name: messages.common.save }).click();
    await dialog.getByRole('button', { name: a.scopeThis, exact: true }).click();
    await seeAndCloseToast(page, a.updated);
    const [missed] = await todaysAppointments(page);
    expect(missed).toMatchObject({ status: 'no_show', chargeMissed: true, feeCents: 15_000, location: OFFICE, notes: 'Primeira sessão', paymentStatus: 'pending' });

    await eventOf(calendar, 'Maria Souza').click();
    await expect(dialog.getByRole('radio', { name: a.chargeMissedOptions.charge })).toBeChecked();
    await dialog.getByRole('switch', { name: a.waived }).check();
    await dialog.getByRole('button', { name: messages.common.save }).click();
    await dialog.getByRole('button', { name: a.scopeThis, exact: true }).click();
    await seeAndCloseToast(page, a.updated);
    expect((await todaysAppointments(page))[0]).toMatchObject({ status: 'no_show', paymentStatus: 'waived' });
  });

  await test.step('at 390 px the agenda opens on the day', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('banner').getByRole('link', { name: messages.nav.agenda, exact: true }).click();
    await expect(calendar.locator('.fc-timeGridDay-view')).toBeVisible();
    await expect(eventOf(calendar, 'Maria Souza')).toContainText('10:00 - 10:50');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("the patient confirms through the reminder's link, without a session", async ({ page, browser }) => {
  const professional = await registerConfirmedProfessional(page, 'Otavio');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const email = `pedro.${professional.username}@example.com`;
  const patientId = await createPatient(page, 'Pedro', 'Alves', email);
  // Inside the 24-hour lead time: the reminder goes at once.
  const startsAt = new Date(Math.ceil((Date.now() + 3 * HOUR) / (30 * 60_000)) * 30 * 60_000);
  const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt: startsAt.toISOString(), modality: 'online' } });
  expect(booked.status()).toBe(201);
  const link = await waitForMailLink(email, '/appointment');

  const patientPage = await (await browser.newContext({ locale: 'pt-BR', timezoneId: ZONE })).newPage();
  await patientPage.goto(link);
  await expect(patientPage.getByRole('heading', { name: a.publicTitle })).toBeVisible();
  await expect(patientPage.getByText('Otavio Teste', { exact: true })).toBeVisible();
  await expect(patientPage.getByText(a.modality.online, { exact: true })).toBeVisible();
  const time = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(startsAt);
  await expect(patientPage.getByText(new RegExp(`^${time} – `))).toBeVisible();
  await patientPage.getByRole('button', { name: a.publicConfirm }).click();
  await expect(patientPage.getByRole('status').filter({ hasText: a.publicStates.confirmed })).toBeVisible();
  await expect(patientPage.getByRole('button', { name: a.publicConfirm })).toHaveCount(0);

  await patientPage.goto('/appointment?token=desconhecido');
  await expect(patientPage.getByRole('heading', { name: a.publicInvalidTitle })).toBeVisible();
  await expect(patientPage.getByRole('main').getByText(messages.errors.appointmentLinkInvalid)).toBeVisible();
  await patientPage.context().close();
});

test('the page draws before its calendar, which then takes the place kept for it (1280 and 390 px), or says in its place that it did not come', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Lia');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  // The calendar's chunk is held until the page has been measured without it (each load's own request).
  let heldRequest = Promise.withResolvers<() => void>();
  const calendarChunk = /\/assets\/agenda-calendar-[^/]+\.js$/;
  await page.route(calendarChunk, async (route) => {
    const release = Promise.withResolvers<void>();
    heldRequest.resolve(release.resolve);
    await release.promise;
    await route.continue();
  });
  const main = page.getByRole('main');
  const note = main.getByText(/^Fuso horário: /);
  for (const width of [1280, 390]) {
    await test.step(`at ${width} px`, async () => {
      heldRequest = Promise.withResolvers<() => void>();
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/agenda');
      await expect(main.getByRole('heading', { name: a.title })).toBeVisible();
      await expect(main.getByRole('status', { name: a.calendarLoading })).toBeVisible();
      const noteBefore = (await note.boundingBox())!.y;
      (await heldRequest.promise)();
      await expect(main.getByRole('region', { name: a.calendarLabel }).locator('.fc-view')).toBeVisible();
      expect(Math.abs((await note.boundingBox())!.y - noteBefore)).toBeLessThanOrEqual(2);
    });
  }
  await test.step('a calendar that does not come (a lost connection, a new version published)', async () => {
    const failure = messages.app.loadFailure;
    await page.unroute(calendarChunk);
    await page.route(calendarChunk, (route) => route.abort());
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/agenda');
    await expect(main.getByRole('heading', { name: failure.title })).toBeVisible();
    await expect(main.getByRole('alert')).toContainText(failure.text);
    // In the page's place: the app's menu stays.
    await expect(page.getByRole('link', { name: messages.nav.patients })).toBeVisible();
    await page.unroute(calendarChunk);
    await main.getByRole('button', { name: failure.retry }).click();
    await expect(main.getByRole('region', { name: a.calendarLabel }).locator('.fc-view')).toBeVisible();
  });
});

test("the agenda's boxes: one booked in a cancelled one's place comes first, beside it; a 50-minute one shows its whole time; a phone's week, names cut at the box's edge", async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Noa');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const startsAt = new Date(`${todayInZone()}T10:00:00-03:00`).toISOString();
  const book = async (patientId: string) => {
    const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt } });
    expect(booked.status()).toBe(201);
    return ((await booked.json()) as { data: { appointment: Appointment } }).data.appointment.id;
  };
  const cancelledId = await book(await createPatient(page, 'Carla', 'Albuquerque Nunes', 'carla.nunes@example.com'));
  expect((await page.request.put(`/v1/appointments/${cancelledId}`, { data: { status: 'cancelled', cancellationReason: 'Viagem' } })).status()).toBe(200);
  await book(await createPatient(page, 'Bruno', 'Dias', 'bruno.dias@example.com'));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/agenda');
  const calendar = page.getByRole('main').getByRole('region', { name: a.calendarLabel });
  const booked = eventOf(calendar, 'Bruno Dias');
  const cancelled = eventOf(calendar, 'Carla Albuquerque Nunes');
  await expect(booked).toContainText(`Bruno Dias (${a.statuses.scheduled}) 10:00 - 10:50`);
  await booked.scrollIntoViewIfNeeded();
  const [bookedBox, cancelledBox, nameBox] = await Promise.all([booked.boundingBox(), cancelled.boundingBox(), booked.locator('.agenda-event-title').boundingBox()]);
  // Side by side, the booked one first and under nothing; its name starts inside its box.
  expect(bookedBox!.x + bookedBox!.width).toBeLessThanOrEqual(cancelledBox!.x + 1);
  expect(nameBox!.y).toBeLessThan(bookedBox!.y + bookedBox!.height / 2);
  // The cancelled one's text stays in its box, not drawn over the grid below it.
  expect(await cancelled.locator('.fc-event-main').evaluate((element) => getComputedStyle(element).overflow)).toBe('hidden');

  await test.step('a 50-minute session alone in its column shows its name, its status and its whole time, even with a long name', async () => {
    const afternoon = await page.request.post('/v1/users/me/appointments', {
      data: {
        patientId: await createPatient(page, 'Davi', 'Rocha de Albuquerque Figueiredo Nogueira', 'davi.rocha@example.com'),
        startsAt: new Date(`${todayInZone()}T14:00:00-03:00`).toISOString(),
      },
    });
    expect(afternoon.status()).toBe(201);
    await page.reload();
    // A long name is cut on its line: the status and the time still fit.
    const davi = eventOf(calendar, 'Davi Rocha de Albuquerque Figueiredo Nogueira');
    await expect(davi).toContainText(`Davi Rocha de Albuquerque Figueiredo Nogueira (${a.statuses.scheduled}) 14:00 - 14:50`);
    await davi.scrollIntoViewIfNeeded();
    const [box, time] = await Promise.all([davi.boundingBox(), davi.locator('.agenda-event-time').boundingBox()]);
    expect(time!.y + time!.height).toBeLessThanOrEqual(box!.y + box!.height);
    expect(time!.x + time!.width).toBeLessThanOrEqual(box!.x + box!.width);
  });

  await test.step("on a phone, the week: each day without its month, the name's start in each box, the whole appointment said", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/agenda');
    await calendar.getByRole('button', { name: a.views.week, exact: true }).click();
    await expect(calendar.locator('.fc-timeGridWeek-view')).toBeVisible();
    await expect(calendar.locator('th.fc-col-header-cell').first()).toHaveText(/^seg\. \d{1,2}$/);
    await expect(booked.locator('[aria-hidden="true"]')).toHaveText('Bruno Dias');
    // What a screen reader reads of the box (FullCalendar's focusable event is a generic element: its text, not a name).
    await expect(booked.getByText(a.eventLabel('Bruno Dias', '10:00 – 10:50', a.statuses.scheduled), { exact: true })).toBeAttached();
    // The cancelled one struck through: its state not told by its colour alone.
    await expect(cancelled.locator('.agenda-event-title')).toHaveCSS('text-decoration-line', 'line-through');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
