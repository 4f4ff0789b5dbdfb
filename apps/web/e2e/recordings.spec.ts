import { messages } from '@consultorio/shared';
import { expect, test } from '@playwright/test';
import { registerConfirmedProfessional } from './support/professional';
import { signIn } from './support/session';
import { closeToast, seeAndCloseToast } from './support/toasts';
import { clickRecordEditor } from './support/record-editor';

const m = messages.recordings;

// Chromium with a fake microphone (a beep) and no permission prompt.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test('a session is recorded with consent, survives a reload, and its draft, checked against the transcript, goes into the record', async ({ page }) => {
  // About 16 s of recording, a transcription and a draft by the loopback servers.
  test.setTimeout(150_000);
  const professional = await registerConfirmedProfessional(page, 'Helena');
  await page.goto('/');
  await signIn(page, professional.username, professional.password);
  const created = await page.request.post('/v1/users/me/patients', { data: { firstName: 'Joana', lastName: 'Lima' } });
  const patientId = ((await created.json()) as { data: { patient: { id: string } } }).data.patient.id;
  const record = await page.request.post(`/v1/patients/${patientId}/records`, { data: { name: 'Sessão gravada' } });
  const recordId = ((await record.json()) as { data: { record: { id: string } } }).data.record.id;
  await page.goto(`/patients/${patientId}/records/${recordId}`);
  const main = page.getByRole('main');
  const section = main.getByRole('region', { name: m.sectionTitle });

  await test.step('consent first, then recording in chunks of 10 s', async () => {
    await section.getByRole('button', { name: m.record }).click();
    const start = section.getByRole('button', { name: m.start });
    await expect(start).toBeDisabled();
    await section.getByRole('checkbox', { name: m.consentLabel }).check();
    await start.click();
    // The fake microphone can take a while to start on a busy machine.
    await expect(section.getByRole('status')).toContainText(m.recordingNow('').trim(), { timeout: 30_000 });
    await closeToast(page, m.started);
    await expect(section.getByText(m.chunksSent(1))).toBeVisible({ timeout: 20_000 });
  });

  await test.step('a reload resumes the same recording', async () => {
    await page.reload();
    await expect(section.getByText(m.interrupted)).toBeVisible();
    await section.getByRole('button', { name: m.resume }).click();
    await expect(section.getByRole('status')).toContainText(m.recordingNow('').trim(), { timeout: 30_000 });
    await closeToast(page, m.resumed);
    await page.waitForTimeout(5_000);
    await section.getByRole('button', { name: m.stop }).click();
    await expect(section.getByRole('heading', { name: m.draftTitle }).or(section.getByText(m.status.transcribing))).toBeVisible({ timeout: 30_000 });
    await closeToast(page, m.finished);
  });

  await test.step('the draft beside the transcript: a sentence shows its sources', async () => {
    await expect(section.getByRole('heading', { name: m.draftTitle })).toBeVisible({ timeout: 45_000 });
    // The player has the first stream before anything is clicked: its length, not '0:00 / 0:00'.
    await expect
      .poll(() => section.locator('audio').evaluate((audio: HTMLAudioElement) => [audio.src.startsWith('blob:'), Number.isFinite(audio.duration) && audio.duration > 0]))
      .toEqual([true, true]);
    const transcript = section.getByRole('region', { name: m.transcriptTitle });
    // One stream before the reload and one after: each transcribed by the fake server into two segments.
    await expect(transcript.locator('.recording-segment')).toHaveCount(4);
    const sentence = section.getByRole('button', { name: /^Relato: Diz que os exercícios/ }).first();
    await sentence.click();
    await expect(sentence).toHaveAttribute('aria-pressed', 'true');
    const highlighted = transcript.locator('[aria-current="true"]');
    await expect(highlighted).toHaveCount(1);
    await expect(highlighted).toContainText('Diz que os exercícios de respiração ajudaram');
    await expect(section.getByText(m.needsCheck).first()).toBeVisible();
    // The audio of its source is loaded and plays from the segment.
    await expect.poll(() => section.locator('audio').evaluate((audio: HTMLAudioElement) => audio.src)).toMatch(/^blob:/);
  });

  let otherTemplate = { name: '', headings: [''] };
  await test.step("'Refazer rascunho' in another note template: the draft follows its headings", async () => {
    const listed = ((await (await page.request.get('/v1/users/me/note-templates')).json()) as {
      data: { noteTemplates: Array<{ id: string; name: string; headings: string[] }>; defaultNoteTemplateId: string };
    }).data;
    otherTemplate = listed.noteTemplates.find((template) => template.id !== listed.defaultNoteTemplateId && template.headings.length > 1)!;
    await expect(section.getByRole('button', { name: m.redraft })).toBeDisabled();
    await section.getByRole('combobox', { name: m.templateLabel }).click();
    await page.getByRole('option', { name: otherTemplate.name, exact: true }).click();
    await section.getByRole('button', { name: m.redraft }).click();
    await seeAndCloseToast(page, m.redrafting);
    const edited = section.getByRole('textbox', { name: m.editLabel });
    await expect.poll(async () => (await edited.inputValue().catch(() => '')).startsWith(otherTemplate.headings[0]!), { timeout: 30_000 }).toBe(true);
    await expect(section.getByRole('combobox', { name: m.templateLabel })).toHaveValue(otherTemplate.name);
  });

  await test.step('accepting writes the text into the record and deletes the audio', async () => {
    await expect(section.getByRole('textbox', { name: m.editLabel })).toHaveValue(/Relato: Paciente relata que dormiu mal/);
    // A line typed in the record just before, not yet saved: it is saved first (a version of its
    // own), and the accepted text then follows without a conflict 'from another window'.
    await clickRecordEditor(page);
    await page.keyboard.type('Anotado antes do rascunho.');
    await section.getByRole('button', { name: m.accept }).click();
    await seeAndCloseToast(page, m.accepted);
    await expect(main.locator('.ql-editor')).toContainText('Relato: Paciente relata que dormiu mal');
    await page.waitForTimeout(2_500);
    await expect(main.getByRole('button', { name: messages.records.conflictReload })).toHaveCount(0);
    const versions = await page.request.get(`/v1/records/${recordId}/versions`);
    const [accepted, typed] = ((await versions.json()) as { data: { recordVersions: Array<{ id: string }> } }).data.recordVersions;
    const typedText = await page.request.get(`/v1/records/${recordId}/versions/${typed!.id}`);
    expect(((await typedText.json()) as { data: { recordVersion: { content: string } } }).data.recordVersion.content).toContain('Anotado antes do rascunho.');
    expect(accepted).toBeDefined();
    await expect(main.locator('.ql-editor h2').first()).toHaveText(otherTemplate.headings[0]!);
    const listed = await page.request.get(`/v1/records/${recordId}/recordings`);
    const { recordings } = ((await listed.json()) as { data: { recordings: Array<{ hasAudio: boolean; acceptedAt: string | null }> } }).data;
    expect(recordings).toEqual([expect.objectContaining({ hasAudio: false, acceptedAt: expect.any(String) })]);
  });
});
