// A loopback server speaking OpenAI's audio-transcriptions protocol (POST /v1/audio/transcriptions,
// multipart, response_format=verbose_json), for the API tests and the browser tests of the AI
// scribe: answers timestamped segments, or fails on demand. Also the answer a chat model gives
// to the scribe's draft request (`scribeDraftReply`), for the fake chat model.
// By hand: `node scripts/fake-transcription.mjs [port]`, then TRANSCRIPTION_BASE_URL=<printed url>.
import { createServer } from 'node:http';
import path from 'node:path';

const sampleTexts = [
  'Paciente relata que dormiu mal durante a semana por causa do trabalho.',
  'Diz que os exercícios de respiração ajudaram antes das reuniões.',
  'Combinamos manter os exercícios e registrar os horários de sono.',
];

/** Two segments over `duration` seconds of a file, texts taken in turn from a sample session. */
function defaultReply(file, index) {
  const duration = 10;
  const first = sampleTexts[(index * 2) % sampleTexts.length];
  const second = sampleTexts[(index * 2 + 1) % sampleTexts.length];
  return {
    duration,
    segments: [
      { start: 0, end: duration / 2, text: first },
      { start: duration / 2, end: duration, text: second },
    ],
  };
}

function sendJson(response, status, payload) {
  const text = JSON.stringify(payload);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * @param {{ port?: number }} [options]
 * @returns {Promise<import('./fake-transcription.d.mts').FakeTranscription>}
 */
export async function startFakeTranscription(options = {}) {
  const requests = [];
  let behavior = {};
  let failuresLeft = 0;
  const sockets = new Set();
  const setBehavior = (next) => {
    behavior = { ...next };
    failuresLeft = behavior.failTimes ?? 0;
  };

  async function transcribe(request, response) {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    let form;
    try {
      form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body }).formData();
    } catch {
      sendJson(response, 400, { error: { message: 'The body is not multipart/form-data.' } });
      return;
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') {
      sendJson(response, 400, { error: { message: 'No file.' } });
      return;
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const fields = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
    const index = requests.length;
    requests.push({ fields, file: { name: file.name, type: file.type, bytes }, headers: { ...request.headers } });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      sendJson(response, behavior.failStatus ?? 500, { error: { message: 'The fake transcription server failed on purpose.' } });
      return;
    }
    const reply = (behavior.reply ?? defaultReply)({ name: file.name, type: file.type, bytes }, index);
    const text = reply.segments.map((segment) => segment.text).join(' ');
    sendJson(response, 200, {
      task: 'transcribe',
      language: 'portuguese',
      duration: reply.duration,
      text,
      segments: reply.segments.map((segment, id) => ({ id, seek: 0, ...segment, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 })),
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'POST' || url.pathname !== '/v1/audio/transcriptions') {
      sendJson(response, 404, { error: { message: `Unknown route ${request.method} ${url.pathname}` } });
      return;
    }
    transcribe(request, response).catch((error) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error?.message ?? error) } });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: setBehavior,
    reset() {
      requests.length = 0;
      setBehavior({});
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      });
    },
  };
}

/** Whether a chat-completions request is the scribe's draft request (its instructions ask for segmentIds). */
export function isScribeDraftRequest(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  return messages.some((message) => message?.role === 'system' && typeof message.content === 'string' && message.content.includes('segmentIds'));
}

/**
 * A model's draft for the scribe's request: the first section cites every segment in turn, one
 * sentence per segment; the last adds a sentence citing nothing and one citing an unknown id.
 */
export function scribeDraftReply(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const user = messages.filter((message) => message?.role === 'user').at(-1);
  const text = typeof user?.content === 'string' ? user.content : (user?.content ?? []).map((part) => part.text ?? '').join('');
  const headings = [...text.matchAll(/^- (.+)$/gm)].map((match) => match[1]);
  const segments = [...text.matchAll(/^\[(\d+)\] \(\d+:\d+\) (.+)$/gm)].map((match) => ({ id: Number(match[1]), text: match[2] }));
  const sections = headings.map((title, index) => ({
    title,
    sentences:
      index === 0
        ? segments.map((segment) => ({ text: `Relato: ${segment.text}`, segmentIds: [segment.id] }))
        : index === headings.length - 1
          ? [
              { text: 'Seguir acompanhando o sono na próxima sessão.', segmentIds: [] },
              { text: 'Avaliar encaminhamento para outro profissional.', segmentIds: [9999] },
            ]
          : [],
  }));
  return '```json\n' + JSON.stringify({ sections }) + '\n```';
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename;
if (runDirectly) {
  const port = process.argv[2] ? Number(process.argv[2]) : 0;
  const fake = await startFakeTranscription({ port });
  console.log(`Fake transcription server listening: TRANSCRIPTION_BASE_URL=${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0), () => process.exit(1));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
