import { messages } from '@consultorio/shared';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { AccessibilityAudit, auditedPage, DESKTOP, PHONE } from './support/accessibility';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { closeToast, seeAndCloseToast } from './support/toasts';

const vm = messages.video;
const rm = messages.recordings;

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

const inBrazil = { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' };

/** The patient on a phone, the professional at a desk; both pages checked by axe (and the phone for sideways scrolling). */
async function participants(browser: Browser): Promise<{ page: Page; patient: Page }> {
  return { page: await auditedPage(browser, { ...inBrazil, viewport: DESKTOP }), patient: await auditedPage(browser, { ...inBrazil, viewport: PHONE }) };
}

test('the professional and the patient see each other, chat, get the call back after a reload, and the patient sees when the session is recorded; a third tab and a cancelled link are refused', async ({ browser }) => {
  // Two browsers, a call set up twice, 10 s of recording and seven axe checks: long on a busy machine (about 45 s alone).
  test.setTimeout(300_000);
  const { page, patient } = await participants(browser);
  const audit = new AccessibilityAudit(page);
  const patientAudit = new AccessibilityAudit(patient);
  const professional = await registerConfirmedProfessional(page, 'Renata');
  const professionalName = `${professional.firstName} ${professional.lastName}`;
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Carla', lastName: 'Mendes' } });
  const patientId = ((await created.json()) as { data: { patient: { id: string } } }).data.patient.id;
  const appointment = await bookOnline(page, patientId);

  // The patient enters first and waits.
  await patient.goto(appointment.patientPath);
  await expect(patient.getByRole('heading', { name: vm.roomTitle(professionalName) })).toBeVisible();
  await expect(patient.getByText(vm.privacy)).toBeVisible();
  await expect(patient.getByRole('combobox', { name: vm.camera })).not.toHaveValue('');
  await patientAudit.check('patient: before entering');
  await patient.getByRole('button', { name: vm.enter }).click();
  await expect(patient.getByRole('heading', { name: vm.waitingRoom })).toBeVisible();
  await patientAudit.check('patient: waiting room');

  // The professional enters: the call starts by itself.
  await page.goto(`/sala/${appointment.id}`);
  await page.getByRole('button', { name: vm.enter }).click();
  await expectPlaying(page.getByLabel(vm.remoteVideo('Carla Mendes')));
  await expectPlaying(patient.getByLabel(vm.remoteVideo(professionalName)));
  const controls = page.getByRole('toolbar', { name: vm.controls });
  for (const name of [vm.microphoneOff, vm.cameraOff, vm.shareScreen, vm.openChat, vm.leave]) await expect(controls.getByRole('button', { name })).toBeVisible();
  // The whole call fits the desk's window: its controls are not below the fold.
  await page.evaluate(() => window.scrollTo(0, 0));
  const leaveBox = await controls.getByRole('button', { name: vm.leave }).boundingBox();
  expect(leaveBox!.y + leaveBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);

  // A chat message crosses.
  await controls.getByRole('button', { name: vm.openChat }).click();
  await page.getByRole('textbox', { name: vm.chatMessage }).fill('Boa tarde, Carla!');
  await page.getByRole('button', { name: vm.chatSend }).click();
  await expect(patient.getByRole('log').getByText('Boa tarde, Carla!')).toBeVisible();
  await audit.check('professional: in the call, chat open');
  await patientAudit.check('patient: in the call, chat open');

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

  // The professional records the session, both voices mixed: the patient sees it, the chunks arrive.
  await page.getByRole('button', { name: rm.record }).click();
  const recorder = page.getByRole('region', { name: rm.sectionTitle });
  await recorder.getByRole('checkbox', { name: rm.consentLabel }).check();
  await recorder.getByRole('button', { name: rm.start }).click();
  await expect(patient.getByRole('status').filter({ hasText: vm.recordingIndicator })).toBeVisible({ timeout: 30_000 });
  await closeToast(page, rm.started);
  await expect(recorder.getByText(rm.chunksSent(1))).toBeVisible({ timeout: 30_000 });
  await patientAudit.check('patient: the session being recorded');
  await audit.check('professional: recording the session');
  await recorder.getByRole('button', { name: rm.stop }).click();
  await expect(patient.getByText(vm.recordingIndicator)).toBeHidden({ timeout: 20_000 });
  const records = (await (await page.request.get(`/v1/patients/${patientId}/records`)).json()) as { data: { records: Array<{ id: string; appointmentId: string | null }> } };
  const note = records.data.records.find((record) => record.appointmentId === appointment.id)!;
  const recordings = (await (await page.request.get(`/v1/records/${note.id}/recordings`)).json()) as { data: { recordings: Array<{ status: string; chunkCount: number }> } };
  expect(recordings.data.recordings).toHaveLength(1);
  expect(recordings.data.recordings[0]!.chunkCount).toBeGreaterThanOrEqual(1);
  expect(recordings.data.recordings[0]!.status).not.toBe('recording');

  // A cancelled appointment's link opens no room.
  const cancelled = await bookOnline(page, patientId);
  expect((await page.request.put(`/v1/appointments/${cancelled.id}`, { data: { status: 'cancelled' } })).status()).toBe(200);
  await patient.goto(cancelled.patientPath);
  await expect(patient.getByRole('alert').filter({ hasText: vm.errors.cancelled })).toBeVisible();
  await patientAudit.check('patient: a cancelled link');
  audit.assertClean();
  patientAudit.assertClean();
});
