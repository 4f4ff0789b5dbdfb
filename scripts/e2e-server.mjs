// The real server for the browser tests: built app, fresh data folder, PGlite, mail as .eml files.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { defaultReply, startFakeChatModel } from './fake-chat-model.mjs';
import { isScribeDraftRequest, scribeDraftReply, startFakeTranscription } from './fake-transcription.mjs';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '../.tmp/e2e'));
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.E2E_PORT ?? '3100';
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  // Every professional of the browser tests registers from 127.0.0.1.
  REGISTRATIONS_PER_HOUR: '1000',
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.S3_BUCKET;
delete process.env.AI_API_KEY;

buildIfNeeded();
// Fixture data made the way an operator would: a coupon the billing spec applies.
const admin = spawnSync(process.execPath, ['apps/api/dist/admin.js', 'coupons:create', '--code', 'BEMVINDO30', '--plan', 'profissional', '--days', '30'], {
  cwd: path.join(import.meta.dirname, '..'),
  stdio: 'inherit',
});
if (admin.status !== 0) throw new Error('could not create the e2e coupon');
// The assistants answer from a loopback model speaking the chat-completions protocol, word by
// word with a small pause, so the browser sees a real streamed answer.
// The AI scribe's draft request gets a draft in its JSON; the session recordings are transcribed by
// a loopback server speaking OpenAI's audio-transcriptions protocol.
const reply = (body) => (isScribeDraftRequest(body) ? scribeDraftReply(body) : defaultReply(body));
const model = await startFakeChatModel({ behavior: { chunkDelayMs: 80, reply } });
const transcription = await startFakeTranscription();
Object.assign(process.env, { AI_BASE_URL: model.url, AI_MODEL: 'fake-model', AI_TIMEOUT_SECONDS: '20', TRANSCRIPTION_BASE_URL: transcription.url });
await import('../apps/api/dist/main.js');
