import { messages } from '@consultorio/shared';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { seeAndCloseToast } from './support/toasts';

const vm = messages.video;

// Chromium with a fake camera and microphone, and no permission prompt.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

/** An online appointment starting in five minutes (the room is open), booked through the API; answers its id and the patient's link. */
async function bookOnline(page: Page, patientId: string): Promise<{ id: string; patientPath: string }> {
  const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  const booked = await page.request.post('/v1/users/me/appointments', { data: { patientId, startsAt, modality: 'online', allowOverlap: true } });
  expect(booked.status()).toBe(201);
  const { id } = ((await booked.json()) as { data: { appointment: { id: string } } }).data.appointment;
  const room = await page.request.get(`/v1/appointments/${id}/video`);
  const { patientUrl } = ((await room.json()) as { data: { videoRoom: { patientUrl: string } } }).data.videoRoom;
  const url = new URL(patientUrl);
  return { id, patientPath: `${url.pathname}${url.search}` };
}

/** Waits until the other participant's video has frames (its width is known once one is decoded). */
async function expectPlaying(video: Locator): Promise<void> {
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
}

async function patientPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test('the professional and the patient see each other, chat, and get the call back after a reload; a third tab and a cancelled link are refused', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const professional = await registerConfirmedProfessional(page, 'Renata');
  const professionalName = `${professional.firstName} ${professional.lastName}`;
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Carla', lastName: 'Mendes' } });
  const patientId = ((await created.json()) as { data: { patient: { id: string } } }).data.patient.id;
  const appointment = await bookOnline(page, patientId);

  // The patient enters first and waits.
  const patient = await patientPage(browser, appointment.patientPath);
  await expect(patient.getByRole('heading', { name: vm.roomTitle(professionalName) })).toBeVisible();
  await expect(patient.getByText(vm.privacy)).toBeVisible();
  await patient.getByRole('button', { name: vm.enter }).click();
  await expect(patient.getByRole('heading', { name: vm.waitingRoom })).toBeVisible();

  // The professional enters: the call starts by itself.
  await page.goto(`/sala/${appointment.id}`);
  await page.getByRole('button', { name: vm.enter }).click();
  await expectPlaying(page.getByLabel(vm.remoteVideo('Carla Mendes')));
  await expectPlaying(patient.getByLabel(vm.remoteVideo(professionalName)));
  const controls = page.getByRole('toolbar', { name: vm.controls });
  for (const name of [vm.microphoneOff, vm.cameraOff, vm.shareScreen, vm.openChat, vm.leave]) await expect(controls.getByRole('button', { name })).toBeVisible();

  // A chat message crosses.
  await controls.getByRole('button', { name: vm.openChat }).click();
  await page.getByRole('textbox', { name: vm.chatMessage }).fill('Boa tarde, Carla!');
  await page.getByRole('button', { name: vm.chatSend }).click();
  await expect(patient.getByRole('log').getByText('Boa tarde, Carla!')).toBeVisible();

  // The same link in a third tab is refused.
  const third = await patient.context().newPage();
  await third.goto(appointment.patientPath);
  await third.getByRole('button', { name: vm.enter }).click();
  await expect(third.getByRole('alert').filter({ hasText: vm.errors.full })).toBeVisible();
  await third.close();

  // The patient reloads: back in the call without a click, on both sides.
  await patient.reload();
  await expectPlaying(patient.getByLabel(vm.remoteVideo(professionalName)));
  await expectPlaying(page.getByLabel(vm.remoteVideo('Carla Mendes')));
  await expect(page.getByRole('status').filter({ hasText: vm.connected })).toBeVisible();

  // Both were in: the professional marks the appointment as done.
  await page.getByRole('button', { name: vm.markAttended }).click();
  await seeAndCloseToast(page, vm.markedAttended);
  await expect(page.getByRole('link', { name: vm.writeRecord })).toBeVisible();

  // A cancelled appointment's link opens no room.
  const cancelled = await bookOnline(page, patientId);
  expect((await page.request.put(`/v1/appointments/${cancelled.id}`, { data: { status: 'cancelled' } })).status()).toBe(200);
  await patient.goto(cancelled.patientPath);
  await expect(patient.getByRole('alert').filter({ hasText: vm.errors.cancelled })).toBeVisible();
});
