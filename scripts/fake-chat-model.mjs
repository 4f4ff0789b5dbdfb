// A loopback server speaking OpenAI's chat-completions protocol, for the API tests and the
// browser tests: answers, streams, fails, hangs or drops the connection on demand.
// By hand: `node scripts/fake-chat-model.mjs [port]`, then AI_BASE_URL=<printed url> AI_MODEL=fake-model.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';

const modelId = 'fake-model';

/** The text of a message's content: a string or an array of `{ type: 'text', text }` parts. */
function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}

/** What the fake answers unless told otherwise: the start of the last user message. */
export function defaultReply(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const lastUser = messages.filter((message) => message?.role === 'user').at(-1);
  return 'Resposta do modelo: ' + contentText(lastUser?.content).slice(0, 80);
}

/** A rough token count (4 characters a token), enough for the usage fields. */
function tokens(text) {
  return Math.max(1, Math.ceil(text.length / 4));
}

function promptTokens(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  return tokens(messages.map((message) => contentText(message?.content)).join('\n'));
}

function sendJson(response, status, payload, headers = {}) {
  const text = JSON.stringify(payload);
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function errorType(status) {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 401 || status === 403) return 'authentication_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function sendError(response, status, message, headers = {}) {
  sendJson(response, status, { error: { message, type: errorType(status), param: null, code: null } }, headers);
}

/**
 * @param {{ port?: number; behavior?: import('./fake-chat-model.d.mts').FakeChatModelBehavior }} [options]
 * @returns {Promise<import('./fake-chat-model.d.mts').FakeChatModel>}
 */
export async function startFakeChatModel(options = {}) {
  const requests = [];
  let behavior = {};
  let failuresLeft = 0;
  const sockets = new Set();
  const timers = new Set();
  let closed = false;

  function setBehavior(next) {
    behavior = { ...next };
    failuresLeft = behavior.failTimes ?? 0;
  }
  setBehavior(options.behavior ?? {});

  /** Resolves after `ms`, or at once when 0; false when the server closed meanwhile. */
  function wait(ms) {
    if (!ms || ms <= 0) return Promise.resolve(!closed);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!closed);
      }, ms);
      timers.add(timer);
    });
  }

  async function complete(request, response, body) {
    const current = behavior;
    let gone = false; // the client hung up
    response.on('close', () => {
      gone = !response.writableFinished;
    });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      const headers = current.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(current.retryAfterMs) };
      sendError(response, current.failStatus ?? 500, 'The fake model failed on purpose.', headers);
      return;
    }
    if (current.hang) return; // the socket stays open until the client gives up or close()
    if (!(await wait(current.delayMs)) || gone) return;

    const text = typeof current.reply === 'function' ? String(current.reply(body)) : (current.reply ?? defaultReply(body));
    const id = 'chatcmpl-' + randomBytes(12).toString('hex');
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body.model === 'string' ? body.model : modelId;
    const words = text.match(/\S+\s*|^\s+/g) ?? [];
    const usage = {
      prompt_tokens: promptTokens(body),
      completion_tokens: Math.max(1, words.length),
      total_tokens: promptTokens(body) + Math.max(1, words.length),
    };

    if (!body.stream) {
      sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage,
      });
      return;
    }

    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.flushHeaders();
    const chunk = (delta, finishReason, extra = {}) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
        ...extra,
      })}\n\n`;
    const chunkDelay = current.chunkDelayMs ?? 0;
    let sent = 0;
    for (const [index, word] of words.entries()) {
      if (current.dropAfterChunks !== undefined && sent >= current.dropAfterChunks) {
        request.socket.destroy();
        return;
      }
      if (index > 0 && !(await wait(chunkDelay))) return;
      if (gone) return;
      // Waits for the chunk to reach the socket, so a drop right after it loses nothing sent.
      await new Promise((resolve) => response.write(chunk(index === 0 ? { role: 'assistant', content: word } : { content: word }, null), resolve));
      sent += 1;
    }
    if (current.dropAfterChunks !== undefined && sent >= current.dropAfterChunks) {
      request.socket.destroy();
      return;
    }
    const includeUsage = body.stream_options?.include_usage === true;
    response.write(chunk({}, 'stop', includeUsage ? { usage } : {}));
    response.end('data: [DONE]\n\n');
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/v1/models') {
      sendJson(response, 200, { object: 'list', data: [{ id: modelId, object: 'model', created: 0, owned_by: 'fake' }] });
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      sendError(response, 404, `Unknown route ${request.method} ${url.pathname}`);
      return;
    }
    const chunks = [];
    request.on('data', (data) => chunks.push(data));
    request.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        sendError(response, 400, 'The body is not valid JSON.');
        return;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        sendError(response, 400, 'The body must be a JSON object.');
        return;
      }
      requests.push({ body, headers: { ...request.headers } });
      complete(request, response, body).catch((error) => {
        if (!response.headersSent) sendError(response, 500, String(error?.message ?? error));
        else response.destroy();
      });
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
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: setBehavior,
    reset() {
      requests.length = 0;
      setBehavior({});
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      });
    },
  };
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename;
if (runDirectly) {
  const port = process.argv[2] ? Number(process.argv[2]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node scripts/fake-chat-model.mjs [port]');
    process.exit(2);
  }
  const chunkDelayMs = Number(process.env.FAKE_MODEL_CHUNK_DELAY_MS ?? 0) || 0;
  const fake = await startFakeChatModel({ port, behavior: { chunkDelayMs } });
  console.log(`Fake chat model listening at ${fake.url}`);
  console.log(`  AI_BASE_URL=${fake.url} AI_MODEL=${modelId} AI_API_KEY=fake`);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
