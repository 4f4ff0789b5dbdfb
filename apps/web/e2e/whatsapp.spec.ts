import { messages, type Appointment, type Patient } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { eventOf } from './support/calendar';
import { textbox } from './support/fields';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { closeToast, toastWith } from './support/toasts';

const w = messages.whatsapp;
const HOUR = 3_600_000;

test("a patient's 'Lembretes por WhatsApp' consent is saved, and the appointment shows the reminder that went out", async ({ page }) => {
  const professional = await registerConfirmedProfessional(page, 'Lia');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const main = page.getByRole('main');

  await test.step("a new patient with phone, e-mail and 'Lembretes por WhatsApp' on", async () => {
    await page.getByRole('banner').getByRole('link', { name: messages.nav.patients, exact: true }).click();
    await page.getByRole('button', { name: messages.patients.newPatient, exact: true }).click();
    const panel = page.getByRole('dialog', { name: messages.patients.newPatient });
    await textbox(panel, messages.fields.firstName).fill('Rita');
    await textbox(panel, messages.fields.lastName).fill('Alves');
    await textbox(panel, messages.fields.phone).fill('(11) 98765-4321');
    await textbox(panel, messages.fields.email).fill(`rita.${professional.username}@example.com`);
    const consent = panel.getByRole('switch', { name: w.optInLabel });
    await expect(consent).not.toBeChecked();
    await consent.check({ force: true });
    await panel.getByRole('button', { name: messages.common.create, exact: true }).click();
    await expect(toastWith(page, messages.patients.created)).toBeVisible();
    await closeToast(page, messages.patients.created);
  });

  const listed = await page.request.get('/v1/users/me/patients?q=rita');
  const patient = ((await listed.json()) as { data: { patients: Patient[] } }).data.patients[0]!;
  expect([patient.whatsappOptIn, patient.whatsappOptInAt !== null]).toEqual([true, true]);

  await test.step('a session in three hours: the e-mail reminder goes at once (no WhatsApp on this server) and the appointment lists it', async () => {
    const startsAt = new Date(Date.now() + 3 * HOUR);
    startsAt.setUTCMinutes(0, 0, 0);
    const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId: patient.id, startsAt: startsAt.toISOString(), allowOverlap: true } });
    expect(booked.status()).toBe(201);
    const { appointment } = ((await booked.json()) as { data: { appointment: Appointment } }).data;
    await expect
      .poll(async () => ((await (await page.request.get(`/v1/appointments/${appointment.id}/messages`)).json()) as { data: { messages: Array<{ status: string }> } }).data.messages.map((m) => m.status))
      .toEqual(['sent']);

    await page.getByRole('banner').getByRole('link', { name: messages.nav.agenda, exact: true }).click();
    const calendar = main.getByRole('region', { name: messages.agenda.calendarLabel });
    // The week shown starts on Monday: a session three hours after a Sunday evening is on next week's.
    const dayIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', weekday: 'short', day: '2-digit' }).format(at);
    const now = new Date();
    if (dayIn(now).includes('Sun') && dayIn(now) !== dayIn(new Date(appointment.startsAt))) {
      await calendar.getByRole('button', { name: messages.agenda.views.next }).click();
    }
    await eventOf(calendar, 'Rita Alves').click();
    const dialog = page.getByRole('dialog', { name: messages.agenda.editAppointment });
    const sent = dialog.getByRole('region', { name: w.messagesTitle });
    // Booked inside the 24 h rule, the reminder went at once: it says when, not '24 h antes'.
    const [rule, when] = w.kind.reminderSentLate(24, '{lead}').split('{lead}');
    await expect(sent).toContainText(new RegExp(`${w.channel.email} · ${rule}[23] h${when}`));
    await expect(sent).toContainText(w.status.sent);
  });
});
