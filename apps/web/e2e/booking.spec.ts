import { formatCents, messages } from '@consultorio/shared';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { AccessibilityAudit, auditedPage } from './support/accessibility';
import { waitForMailLink } from './support/mail';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { toastWith } from './support/toasts';

const b = messages.booking;
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test('a patient books a slot from the page on a phone and confirms it from the e-mail', async ({ page, browser }) => {
  const professional = await registerConfirmedProfessional(page, 'Reserva');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const slug = `reserva-${professional.username.split('_')[1]}`;
  const profile = await page.request.put('/v1/users/me', { data: { firstName: professional.firstName, lastName: professional.lastName, profession: 'Psicóloga' } });
  expect(profile.status()).toBe(200);

  // The professional opens the page in 'Minha conta' on the phone: its address, the hours of each day, both modalities.
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: b.settingsTitle })).toBeVisible();
  await page.getByRole('switch', { name: b.enabled }).check();
  await page.getByRole('textbox', { name: b.slug }).fill(slug);
  for (const weekday of b.weekdays) await page.getByRole('button', { name: `${b.addInterval}: ${weekday}` }).click();
  await expect(page.getByRole('textbox', { name: b.intervalStart })).toHaveCount(7);
  await page.getByRole('textbox', { name: b.minNoticeHours }).fill('2');
  const online = page.getByRole('checkbox', { name: messages.agenda.modality.online });
  await expect(page.getByRole('checkbox', { name: messages.agenda.modality.in_person })).toBeChecked();
  await expect(online).not.toBeChecked();
  await online.check();
  await expect(online).toBeChecked();
  await page.getByRole('button', { name: b.save }).click();
  // One toast for the save (the profile's own answer is not toasted again).
  await expect(toastWith(page, b.saved)).toHaveCount(1);
  await expect(toastWith(page, messages.account.profileUpdated)).toHaveCount(0);
  const saved = (await (await page.request.get('/v1/users/me/availability')).json()) as { data: { modalities: string[]; weekly: unknown[]; minNoticeHours: number } };
  expect([saved.data.modalities, saved.data.weekly.length, saved.data.minNoticeHours]).toEqual([['in_person', 'online'], 7, 2]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The patient, on a phone of their own (no session).
  const patientContext = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const patient = await patientContext.newPage();
  const apiCalls: string[] = [];
  patient.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/')) apiCalls.push(request.url());
  });
  await patient.goto(`/agendar/${slug}`);
  await expect(patient.getByRole('heading', { name: b.pageTitle(`${professional.firstName} ${professional.lastName}`) })).toBeVisible();
  await expect(patient.getByRole('button', { name: /\d{2}:\d{2}$/ }).first()).toBeVisible();
  await patient.waitForLoadState('networkidle');
  // The profile and the week's slots came with the page (issue 34): no call before the first slot is drawn.
  expect(apiCalls).toEqual([]);
  await expect(patient.getByText('Psicóloga')).toBeVisible();
  // No third-party script on the page.
  const scripts = await patient.locator('script[src]').evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).src));
  expect(scripts.every((src) => new URL(src).origin === new URL(patient.url()).origin)).toBe(true);
  // Nothing wider than the phone.
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await patient.getByRole('button', { name: /\d{2}:\d{2}$/ }).first().click();
  await expect(patient.getByText(/^Horário escolhido:/)).toBeVisible();
  const email = `paciente.${professional.username}@example.com`;
  await patient.getByRole('textbox', { name: /^Nome/ }).fill('Marina');
  await patient.getByRole('textbox', { name: /^Sobrenome/ }).fill('Alves');
  await patient.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await patient.getByRole('textbox', { name: /^Telefone/ }).fill('11987654321');
  await patient.getByRole('radio', { name: messages.agenda.modality.online }).check();
  // Without the privacy terms accepted the form says so next to the box, and asks nothing of the server.
  const requestsBefore = apiCalls.length;
  await patient.getByRole('button', { name: b.submit, exact: true }).click();
  await expect(patient.getByText(b.consentRequired)).toBeVisible();
  expect(apiCalls.length).toBe(requestsBefore);
  await patient.getByRole('checkbox', { name: b.consent }).check();
  await expect(patient.getByText(b.consentRequired)).toHaveCount(0);
  await patient.getByRole('button', { name: b.submit, exact: true }).click();
  await expect(patient.getByText(b.requestSent)).toBeVisible();
  await expect(patient.locator('[data-sonner-toast]')).toHaveCount(0);

  const link = await waitForMailLink(email, '/confirmar-agendamento');
  await patient.goto(link);
  await expect(patient.getByText(/^Agendamento confirmado para /)).toBeVisible();
  await expect(patient.getByText(`${professional.firstName} ${professional.lastName}`, { exact: true })).toBeVisible();
  // The mail's link opened again: the booking is made, not to be made again.
  await patient.reload();
  await expect(patient.getByText(/^Este agendamento já estava confirmado: .+ Não é preciso agendar de novo\.$/)).toBeVisible();
  await patientContext.close();

  // The professional's agenda has it, for the new patient.
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 15 * 86_400_000).toISOString();
  const agenda = await page.request.get(`/v1/users/me/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  const { appointments } = ((await agenda.json()) as { data: { appointments: Array<{ patientName: string; modality: string; status: string }> } }).data;
  expect(appointments).toEqual([expect.objectContaining({ patientName: 'Marina Alves', modality: 'online', status: 'scheduled' })]);
});

test('an invited patient signs in to the portal on a phone, accepts its terms, sees the balance with its Pix code, downloads a receipt, reschedules and cancels an appointment, and withdraws their consent', async ({ page, browser }) => {
  const professional = await registerConfirmedProfessional(page, 'Portal');
  const signedIn = await page.request.post('/v1/users/users-sessions', { data: { username: professional.username, password: professional.password } });
  expect(signedIn.status()).toBe(200);
  const email = `portal.${professional.username}@example.com`;
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Lia', lastName: 'Costa', email } });
  expect(created.status()).toBe(201);
  const patientId = ((await created.json()) as { data: { patient: { id: string } } }).data.patient.id;
  const startsAt = new Date(Date.now() + 72 * 3_600_000);
  startsAt.setUTCMinutes(0, 0, 0);
  const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt: startsAt.toISOString(), durationMinutes: 50 } });
  expect(booked.status()).toBe(201);
  // Free slots to move it to: every day, all day.
  const availability = await page.request.put('/v1/users/me/availability', {
    data: {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      sessionMinutes: 50,
      bufferMinutes: 10,
      minNoticeHours: 48,
      maxDaysAhead: 14,
      modalities: ['in_person'],
      requiresApproval: false,
      cancellationNoticeHours: 24,
    },
  });
  expect(availability.status()).toBe(200);
  // A session held yesterday and not paid, and a Pix key: the balance with its 'copia e cola'.
  const yesterday = new Date(Date.now() - 24 * 3_600_000);
  yesterday.setUTCMinutes(0, 0, 0);
  const held = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt: yesterday.toISOString(), durationMinutes: 50, feeCents: 15000 } });
  expect(held.status()).toBe(201);
  // And one paid the day before: its receipt, to download.
  const dayBefore = new Date(yesterday.getTime() - 24 * 3_600_000);
  const paidSession = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt: dayBefore.toISOString(), durationMinutes: 50, feeCents: 10000 } });
  expect(paidSession.status()).toBe(201);
  const paidId = ((await paidSession.json()) as { data: { appointment: { id: string } } }).data.appointment.id;
  const paid = await page.request.post('/v1/users/me/payments', { data: { patientId, appointmentIds: [paidId], amountCents: 10000, method: 'pix', paidAt: dayBefore.toISOString().slice(0, 10) } });
  expect(paid.status()).toBe(201);
  const pixKey = await page.request.put('/v1/users/me', { data: { firstName: professional.firstName, lastName: professional.lastName, city: 'São Paulo', pixKey: 'portal@example.com' } });
  expect(pixKey.status()).toBe(200);
  const invited = await page.request.post(`/v1/patients/${patientId}/portal-invitation`);
  expect(invited.status()).toBe(202);

  const patient = await auditedPage(browser, { viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const patientContext = patient.context();
  const audit = new AccessibilityAudit(patient);
  await patient.goto(await waitForMailLink(email, '/portal'));
  // First the terms, naming the professional; nothing else before they are accepted.
  await expect(patient.getByRole('heading', { name: messages.portal.consent.title })).toBeVisible();
  await expect(patient).toHaveURL(/\/portal$/);
  await expect(patient.getByRole('listitem').filter({ hasText: `${professional.firstName} ${professional.lastName}` })).toBeVisible();
  await expect(patient.getByRole('heading', { name: messages.portal.upcoming })).toHaveCount(0);
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(patient.getByRole('button', { name: messages.portal.consent.accept })).toBeDisabled();
  await audit.check('Portal: termos');
  await patient.getByRole('checkbox', { name: messages.portal.consent.checkbox }).check();
  await patient.getByRole('button', { name: messages.portal.consent.accept }).click();
  await expect(patient.getByRole('heading', { name: messages.portal.upcoming })).toBeVisible();
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(patient.getByText(messages.portal.with(`${professional.firstName} ${professional.lastName}`)).first()).toBeVisible();
  await expect(patient.getByText(formatCents(15000), { exact: true })).toBeVisible();
  await expect(patient.getByRole('textbox', { name: messages.portal.pixCode })).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(patient.getByRole('img', { name: messages.portal.pixQrCode })).toBeVisible();
  await audit.check('Portal');
  // The receipt downloads as a PDF.
  const download = patient.waitForEvent('download');
  await patient.getByRole('link', { name: /^Baixar PDF do recibo nº \d+$/ }).click();
  const file = await (await download).path();
  expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  // The professional sees when the terms were accepted.
  const access = await page.request.get(`/v1/patients/${patientId}/portal-access`);
  expect(((await access.json()) as { data: { access: { acceptedAt: string | null } } }).data.access.acceptedAt).not.toBeNull();

  // Each appointment is an article named by its day and time, so its buttons are heard with it.
  const appointmentCard = patient.getByRole('article').filter({ has: patient.getByRole('button', { name: messages.portal.reschedule }) });
  await expect(appointmentCard).toHaveAccessibleName(/^.+ \d{2}:\d{2} – \d{2}:\d{2} · Presencial$/);
  // Reschedule to a free slot of the week after (the first one from the minimum notice on).
  await patient.getByRole('button', { name: messages.portal.reschedule }).click();
  await expect(patient.getByText(messages.portal.chooseNewTime)).toBeVisible();
  const slot = patient.getByRole('button', { name: /^Remarcar para .+, \d{2}:\d{2}$/ }).first();
  await expect(slot).toBeVisible();
  await audit.check('Portal: remarcar');
  const time = (await slot.textContent())!;
  // A tap only chooses the time: nothing moves until the change is confirmed.
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(patient.getByText(/^Novo horário: .+, às \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(patient.getByText(messages.portal.rescheduled)).toHaveCount(0);
  await patient.getByRole('button', { name: messages.portal.confirmReschedule }).click();
  await expect(patient.getByText(messages.portal.rescheduled)).toBeVisible();
  await expect(patient.getByText(new RegExp(`^${time} – `))).toBeVisible();

  await patient.getByRole('button', { name: messages.portal.cancel }).click();
  await patient.getByRole('textbox', { name: messages.portal.cancelReason }).fill('Imprevisto');
  await patient.getByRole('button', { name: messages.portal.confirmCancel }).click();
  await expect(patient.getByText(messages.agenda.statuses.cancelled, { exact: true })).toBeVisible();
  // The portal's cookie is not a professional session.
  expect((await patient.request.get('/v1/users/me')).status()).toBe(401);

  // The patient withdraws their consent: asked first, then signed out; the professional sees the date.
  await patient.getByRole('button', { name: messages.portal.consent.withdraw }).click();
  const confirmation = patient.getByRole('dialog', { name: messages.portal.consent.withdrawTitle });
  await expect(confirmation).toContainText(messages.portal.consent.withdrawConfirmation);
  await audit.check('Portal: retirar o consentimento');
  await confirmation.getByRole('button', { name: messages.portal.consent.withdrawConfirm }).click();
  await expect(toastWith(patient, messages.portal.consent.withdrawn)).toBeVisible();
  await expect(patient.getByText(messages.errors.unauthorized)).toHaveCount(0);
  await expect(patient.getByRole('textbox', { name: messages.portal.email })).toBeVisible();
  await expect(patient.getByRole('heading', { name: messages.portal.upcoming })).toHaveCount(0);
  const afterWithdrawal = (await (await page.request.get(`/v1/patients/${patientId}/portal-access`)).json()) as { data: { access: { acceptedAt: string | null; withdrawnAt: string | null } } };
  expect([afterWithdrawal.data.access.acceptedAt, afterWithdrawal.data.access.withdrawnAt !== null]).toEqual([null, true]);
  audit.assertClean();
  await patientContext.close();
});
