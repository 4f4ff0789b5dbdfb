// @vitest-environment node
// Node's own fetch and FormData, against a real HTTP server: nothing of the client is mocked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRoute, envelope, messageEnvelope, messages } from '@consultorio/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, attachmentName, createApiClient, hasErrorCode, isAbortError } from './api-client';

interface ReceivedRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let received: ReceivedRequest[] = [];

function reply(response: ServerResponse, status: number, body: string, contentType = 'application/json', headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': contentType, ...headers });
  response.end(body);
}

interface CannedAnswer {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const envelopeOf = (status: number, data: unknown, message?: string, code?: string): CannedAnswer => ({
  status,
  body: JSON.stringify({ status, code, data, message }),
});

/** The answers by path; any other path answers 200 with no data. */
const answers: Record<string, CannedAnswer> = {
  '/v1/ok': envelopeOf(200, { user: { id: 'u1' } }, 'Tudo certo'),
  '/v1/drifted': envelopeOf(200, { user: { id: 42 } }),
  '/v1/conflict': envelopeOf(409, null, 'Este e-mail já está cadastrado', 'EMAIL_TAKEN'),
  '/v1/expired': envelopeOf(401, null, 'Sua sessão expirou. Entre novamente.'),
  '/v1/crash': { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' },
  '/v1/file': { status: 200, body: 'a;b\r\n', contentType: 'text/csv', headers: { 'content-disposition': `attachment; filename="carne-leao.csv"; filename*=UTF-8''rela%C3%A7%C3%A3o.csv` } },
  '/v1/stream': { status: 200, body: 'event: delta\ndata: {"text":"Olá"}\n\n', contentType: 'text/event-stream; charset=utf-8' },
};
const okWithoutData = envelopeOf(200, null);
/** Never answered: the call waits until the client gives up. */
const unansweredPath = '/v1/slow';

async function handle(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  received.push({
    method: request.method ?? '',
    url: request.url ?? '',
    contentType: request.headers['content-type'],
    body: Buffer.concat(chunks).toString('utf8'),
  });
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path === unansweredPath) return;
  const answer = answers[path] ?? okWithoutData;
  reply(response, answer.status, answer.body, answer.contentType, answer.headers);
}

// The test routes: the contract of the canned answers above.
const tag = 'test';
const userAnswer = envelope(z.object({ user: z.object({ id: z.string() }) }));
const emptyBody = z.object({});

function readRoute<const P extends `/${string}`>(path: P) {
  return defineRoute({ method: 'GET', path, access: 'public', tag, status: 200, response: userAnswer });
}

function writeRoute<const P extends `/${string}`>(path: P) {
  return defineRoute({ method: 'PUT', path, access: 'public', tag, body: emptyBody, status: 200, response: messageEnvelope });
}

function streamRoute<const P extends `/${string}`>(path: P) {
  return defineRoute({
    method: 'POST',
    path,
    access: 'public',
    tag,
    body: z.object({ userText: z.string() }),
    status: 200,
    response: z.string(),
    raw: 'text/event-stream',
  });
}

const routes = {
  ok: readRoute('/v1/ok'),
  drifted: readRoute('/v1/drifted'),
  crash: readRoute('/v1/crash'),
  expired: readRoute('/v1/expired'),
  slow: readRoute(unansweredPath),
  echo: defineRoute({
    method: 'POST',
    path: '/v1/echo',
    access: 'public',
    tag,
    body: z.object({ email: z.string() }),
    status: 200,
    response: messageEnvelope,
  }),
  removeEcho: defineRoute({ method: 'DELETE', path: '/v1/echo', access: 'public', tag, status: 200, response: messageEnvelope }),
  upload: defineRoute({
    method: 'PUT',
    path: '/v1/upload',
    access: 'public',
    tag,
    multipart: { fileField: 'file', maxFiles: 1, maxFileBytes: 1024 },
    status: 200,
    response: messageEnvelope,
  }),
  conflict: writeRoute('/v1/conflict'),
  expiredWrite: writeRoute('/v1/expired'),
  item: defineRoute({
    method: 'GET',
    path: '/v1/folders/:folder/items/:id',
    access: 'public',
    tag,
    params: z.object({ folder: z.string(), id: z.string() }),
    query: z.object({ q: z.string().optional(), cursor: z.string().nullable().optional(), page: z.number().optional(), tag: z.string().optional() }),
    status: 200,
    response: messageEnvelope,
  }),
  stream: streamRoute('/v1/stream'),
  streamConflict: streamRoute('/v1/conflict'),
  streamExpired: streamRoute('/v1/expired'),
  streamOk: streamRoute('/v1/ok'),
  file: defineRoute({ method: 'GET', path: '/v1/file', access: 'public', tag, status: 200, response: z.string(), raw: 'text/csv' }),
  fileConflict: defineRoute({ method: 'GET', path: '/v1/conflict', access: 'public', tag, status: 200, response: z.string(), raw: 'text/csv' }),
};

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(call);
  if (!(error instanceof ApiError)) throw new Error('expected the call to fail with an ApiError');
  return error;
}

async function untilReceived(count: number): Promise<void> {
  await vi.waitFor(() => expect(received).toHaveLength(count));
}

describe('api client', () => {
  it("downloads a file with its Content-Disposition's name, and fails a refusal with the server's message", async () => {
    const client = createApiClient({ baseUrl });
    const file = await client.download(routes.file, {});
    expect([await file.blob.text(), file.filename]).toEqual(['a;b\r\n', 'relação.csv']);
    const refused = await client.download(routes.fileConflict, {}).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', message: 'Este e-mail já está cadastrado' });
    expect([attachmentName('attachment; filename="recibo-1.pdf"'), attachmentName(null), attachmentName("attachment; filename*=UTF-8''%E0%A4%A")]).toEqual(['recibo-1.pdf', null, null]);
  });

  it('reads data and message from the envelope of a 2xx answer', async () => {
    const client = createApiClient({ baseUrl });
    const response = await client.call(routes.ok, {});
    expect(response).toEqual({ status: 200, data: { user: { id: 'u1' } }, message: 'Tudo certo' });
  });

  it('sends plain bodies as JSON and bodiless calls without a content type', async () => {
    const client = createApiClient({ baseUrl });
    await client.call(routes.echo, { body: { email: 'ana@example.com' } });
    await client.call(routes.removeEcho, {});
    expect(received[0]).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"email":"ana@example.com"}',
    });
    expect(received[1]).toMatchObject({ method: 'DELETE', contentType: undefined, body: '' });
  });

  it('sends FormData as multipart with its fields', async () => {
    const client = createApiClient({ baseUrl });
    const form = new FormData();
    form.append('file', new Blob(['fake image'], { type: 'image/png' }), 'avatar.png');
    await client.call(routes.upload, { body: form });
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toContain('name="file"; filename="avatar.png"');
  });

  it('fills in the path parameters, each encoded', async () => {
    const client = createApiClient({ baseUrl });
    await client.call(routes.item, { params: { folder: 'a/b', id: 'ç d?' } });
    expect(received[0]?.url).toBe('/v1/folders/a%2Fb/items/%C3%A7%20d%3F');
  });

  it('sends the given query values and leaves out the empty ones', async () => {
    const client = createApiClient({ baseUrl });
    await client.call(routes.item, { params: { folder: 'f', id: '1' }, query: { q: '', cursor: null, page: 2, tag: 'a&b c' } });
    await client.call(routes.item, { params: { folder: 'f', id: '1' }, query: { q: '' } });
    expect(received.map((request) => request.url)).toEqual(['/v1/folders/f/items/1?page=2&tag=a%26b+c', '/v1/folders/f/items/1']);
  });

  it('throws the status, the code and the server message of a non-2xx answer', async () => {
    const client = createApiClient({ baseUrl });
    const error = await failureOf(client.call(routes.conflict, { body: {} }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.message).toBe('Este e-mail já está cadastrado');
    expect(hasErrorCode(error, 'EMAIL_TAKEN')).toBe(true);
    expect(hasErrorCode(error, 'RECORD_VERSION_CONFLICT')).toBe(false);
  });

  it('falls back to the generic message when the answer is not an envelope', async () => {
    const client = createApiClient({ baseUrl });
    const error = await failureOf(client.call(routes.crash, {}));
    expect(error.status).toBe(502);
    expect(error.code).toBeNull();
    expect(error.message).toBe(messages.requestErrors.generic);
  });

  it('reports a server that cannot be reached as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await failureOf(createApiClient({ baseUrl: closedUrl }).call(routes.ok, {}));
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.requestErrors.network);
  });

  it('passes on a call cancelled through its signal as an abort, not as an ApiError', async () => {
    const client = createApiClient({ baseUrl });
    const controller = new AbortController();
    const call = client.call(routes.slow, { signal: controller.signal });
    await untilReceived(1);
    controller.abort();
    const error = await rejectionOf(call);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('calls the logout handler on a 401, except for calls that expect one', async () => {
    const client = createApiClient({ baseUrl });
    const logout = vi.fn();
    client.setUnauthorizedHandler(logout);

    await failureOf(client.call(routes.expired, { handleUnauthorized: false }));
    expect(logout).not.toHaveBeenCalled();

    const error = await failureOf(client.call(routes.expiredWrite, { body: {} }));
    expect(error.status).toBe(401);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it("with checkAnswers 'throw', fails a success answer outside the route's schema", async () => {
    const client = createApiClient({ baseUrl, checkAnswers: 'throw' });
    await expect(client.call(routes.ok, {})).resolves.toMatchObject({ data: { user: { id: 'u1' } } });

    const error = await rejectionOf(client.call(routes.drifted, {}));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(String(error)).toContain('GET /v1/drifted: answer outside the contract');
  });

  it("with checkAnswers 'warn', only warns about an answer outside the schema", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl, checkAnswers: 'warn' });

    await client.call(routes.ok, {});
    expect(warn).not.toHaveBeenCalled();

    const response = await client.call(routes.drifted, {});
    expect(response.data).toEqual({ user: { id: 42 } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('GET /v1/drifted: answer outside the contract');
  });

  it('checks no answer by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const response = await createApiClient({ baseUrl }).call(routes.drifted, {});
    expect(response.data).toEqual({ user: { id: 42 } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('opens an event stream: the body of a text/event-stream answer, the JSON body sent', async () => {
    const client = createApiClient({ baseUrl });
    const body = await client.openEventStream(routes.stream, { body: { userText: 'Oi' } });
    expect(await new Response(body).text()).toBe('event: delta\ndata: {"text":"Olá"}\n\n');
    expect(received[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"userText":"Oi"}' });
  });

  it('reads an answer that is not a stream as the envelope of a failure, a 401 ending the session', async () => {
    const client = createApiClient({ baseUrl });
    const logout = vi.fn();
    client.setUnauthorizedHandler(logout);
    const body = { userText: 'Oi' };

    const conflict = await failureOf(client.openEventStream(routes.streamConflict, { body }));
    expect([conflict.status, conflict.message]).toEqual([409, 'Este e-mail já está cadastrado']);
    expect(logout).not.toHaveBeenCalled();

    const expired = await failureOf(client.openEventStream(routes.streamExpired, { body }));
    expect(expired.status).toBe(401);
    expect(logout).toHaveBeenCalledTimes(1);

    const notAStream = await failureOf(client.openEventStream(routes.streamOk, { body }));
    expect(notAStream.message).toBe(messages.requestErrors.generic);
  });
});
