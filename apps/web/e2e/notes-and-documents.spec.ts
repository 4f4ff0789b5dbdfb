// Issue 29 in the browser: 'Registrar evolução' from an appointment in the agenda opens the note,
// named by the session and written from the note template; a declaration of attendance is made
// from an attended appointment, issued and downloaded, and its PDF read back with pdftotext.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { messages } from '@consultorio/shared';
import { expect, test, type Page } from '@playwright/test';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const a = messages.agenda;
const d = messages.documents;
const ZONE = 'America/Sao_Paulo';

async function createPatient(page: Page, firstName: string, lastName: string): Promise<string> {
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName, lastName } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { patient: { id: string } } }).data.patient.id;
}

/** A day in the professional's zone, `daysFromToday` from today (YYYY-MM-DD). */
function dayInZone(daysFromToday: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + daysFromToday * 24 * 3_600_000),
  );
}

/** The current hour in the zone, 'HH:00': a session that has begun, whose note can be registered. */
function thisHourInZone(): string {
  return `${new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date())}:00`;
}

async function book(page: Page, patientId: string, startsAt: string): Promise<string> {
  const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt, allowOverlap: true } });
  expect(booked.status()).toBe(201);
  return ((await booked.json()) as { data: { appointment: { id: string } } }).data.appointment.id;
}

test('from an appointment in the agenda to its note, written from the Evolução template', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Renata');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const hour = thisHourInZone();
  await createPatient(page, 'Otávio', 'Prado').then((patientId) => book(page, patientId, `${dayInZone(0)}T${hour}:00-03:00`));
  const main = page.getByRole('main');
  const event = main.getByRole('region', { name: a.calendarLabel }).locator('.fc-event', { hasText: 'Otávio Prado' });

  await test.step("open the appointment in the agenda and choose 'Registrar evolução'", async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.agenda, exact: true }).click();
    await event.click();
    const dialog = page.getByRole('dialog', { name: a.editAppointment });
    await dialog.getByRole('button', { name: a.registerNote }).click();
    await seeAndCloseToast(page, messages.records.sessionNoteCreated);
  });

  await test.step('the note is named and dated by the session and starts with the template’s headings', async () => {
    await expect(page).toHaveURL(/\/patients\/[^/]+\/records\/[^/]+$/);
    const name = messages.records.sessionNoteName(`${dayInZone(0).split('-').reverse().join('/')}, ${hour}`);
    await expect(main.getByRole('complementary', { name })).toBeVisible();
    await expect(main.getByRole('complementary').getByText(/^Sessão de \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Demanda e objetivos do trabalho' })).toBeVisible();
  });

  await test.step("back in the agenda, the appointment offers 'Abrir evolução'", async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.agenda, exact: true }).click();
    await event.click();
    const dialog = page.getByRole('dialog', { name: a.editAppointment });
    await expect(dialog.getByRole('link', { name: a.openNote })).toBeVisible();
    await expect(dialog.getByRole('button', { name: a.registerNote })).toHaveCount(0);
  });
});

test('a declaration made from an attended appointment is issued and downloaded', async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Beatriz');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const profile = await page.request.put('/v1/users/me', {
    data: { firstName: 'Beatriz', lastName: 'Teste', profession: 'Psicóloga', professionalRegistration: 'CRP 06/123456', city: 'Campinas' },
  });
  expect(profile.status()).toBe(200);
  const patientId = await createPatient(page, 'Łukasz', 'Nguyễn');
  const yesterday = dayInZone(-1);
  const appointmentId = await book(page, patientId, `${yesterday}T14:00:00-03:00`);
  expect((await page.request.put(`/v1/appointments/${appointmentId}`, { data: { status: 'attended' } })).status()).toBe(200);
  const main = page.getByRole('main');

  await test.step("'Documentos' from the patient's records, and a new declaration of the attended session", async () => {
    await page.goto(`/patients/${patientId}/records`);
    await main.getByRole('link', { name: messages.records.documentsLink }).click();
    await expect(main.getByText(d.empty)).toBeVisible();
    await main.getByRole('button', { name: d.newDocument }).click();
    const dialog = page.getByRole('dialog', { name: d.newDocument });
    await expect(dialog.getByRole('combobox', { name: d.kind })).toHaveValue(d.titles.declaracao);
    await dialog.getByRole('textbox', { name: d.purpose }).fill('Apresentação ao empregador');
    await dialog.getByRole('textbox', { name: d.recipient }).fill('Empresa Exemplo');
    // Without a session the form says so next to them, and sends nothing.
    await dialog.getByRole('button', { name: d.create }).click();
    await expect(dialog.getByText(d.errors.appointmentsRequired)).toBeVisible();
    await dialog.getByRole('checkbox', { name: /14:00 – 14:50 \(50 min\)/ }).check();
    await dialog.getByRole('button', { name: d.create }).click();
    await seeAndCloseToast(page, d.created);
  });

  const card = main.getByRole('article', { name: d.titles.declaracao });
  await test.step('issue it: it is kept and can no longer be edited', async () => {
    await expect(card.getByText(d.statusDraft, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: d.issue, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: d.issueTitle });
    await confirm.getByRole('button', { name: d.issue, exact: true }).click();
    await seeAndCloseToast(page, d.issued);
    await expect(card.getByText(d.statusIssued, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: d.edit })).toHaveCount(0);
  });

  await test.step('download its PDF: the session, the registration and the page number', async () => {
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: d.downloadLabel(d.titles.declaracao) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^declaracao-lukasz-nguyen-\d{4}-\d{2}-\d{2}-\d{2}h\d{2}\.pdf$/);
    const pdf = await readFile(await download.path());
    const running = promisify(execFile)('pdftotext', ['-enc', 'UTF-8', '-', '-'], { encoding: 'utf8' });
    running.child.stdin!.end(pdf);
    const text = (await running).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(`${yesterday.split('-').reverse().join('/')}, das 14:00 às 14:50 (50 minutos)`);
    expect(text).toContain('Łukasz Nguyễn');
    expect(text).toContain('CRP 06/123456');
    expect(text).toContain('Campinas,');
    expect(text).toContain('Página 1 de 1');
  });
});
