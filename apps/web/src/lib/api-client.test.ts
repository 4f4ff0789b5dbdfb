// @vitest-environment node
// Node's own fetch and FormData, against a real HTTP server: nothing of the client is mocked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

interface ReceivedRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let received: ReceivedRequest[] = [];

function reply(response: ServerResponse, status: number, body: string, contentType = 'application/json') {
  response.writeHead(status, { 'content-type': contentType });
  response.end(body);
}

interface CannedAnswer {
  status: number;
  body: string;
  contentType?: string;
}

const envelope = (status: number, data: unknown, message?: string): CannedAnswer => ({
  status,
  body: JSON.stringify({ status, data, message }),
});

const answers: Record<string, CannedAnswer> = {
  '/v1/ok': envelope(200, { user: { id: 'u1' } }, 'Tudo certo'),
  '/v1/conflict': envelope(409, null, 'Este e-mail já está cadastrado'),
  '/v1/expired': envelope(401, null, 'Sua sessão expirou. Entre novamente.'),
  '/v1/crash': { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' },
  '/v1/stream': { status: 200, body: 'event: delta\ndata: {"text":"Olá"}\n\n', contentType: 'text/event-stream; charset=utf-8' },
};
const okWithoutData = envelope(200, null);

async function handle(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  received.push({
    method: request.method ?? '',
    url: request.url ?? '',
    contentType: request.headers['content-type'],
    body: Buffer.concat(chunks).toString('utf8'),
  });
  const answer = answers[request.url ?? ''] ?? okWithoutData;
  reply(response, answer.status, answer.body, answer.contentType);
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected the call to fail with an ApiError');
  return error;
}

describe('api client', () => {
  it('reads data and message from the envelope of a 2xx answer', async () => {
    const client = createApiClient({ baseUrl });
    const response = await client.get<{ user: { id: string } }>('/v1/ok');
    expect(response).toEqual({ status: 200, data: { user: { id: 'u1' } }, message: 'Tudo certo' });
  });

  it('sends plain bodies as JSON and bodiless calls without a content type', async () => {
    const client = createApiClient({ baseUrl });
    await client.post('/v1/echo', { email: 'ana@example.com' });
    await client.delete('/v1/echo');
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
    await client.put('/v1/upload', form);
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toContain('name="file"; filename="avatar.png"');
  });

  it('throws the status and the server message of a non-2xx answer', async () => {
    const client = createApiClient({ baseUrl });
    const error = await failureOf(client.post('/v1/conflict', {}));
    expect(error.status).toBe(409);
    expect(error.message).toBe('Este e-mail já está cadastrado');
  });

  it('falls back to the generic message when the answer is not an envelope', async () => {
    const client = createApiClient({ baseUrl });
    const error = await failureOf(client.get('/v1/crash'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(messages.errors.generic);
  });

  it('reports a server that cannot be reached as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await failureOf(createApiClient({ baseUrl: closedUrl }).get('/v1/ok'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(messages.errors.network);
  });

  it('calls the logout handler on a 401, except for calls that expect one', async () => {
    const client = createApiClient({ baseUrl });
    const logout = vi.fn();
    client.setUnauthorizedHandler(logout);

    await failureOf(client.get('/v1/expired', { handleUnauthorized: false }));
    expect(logout).not.toHaveBeenCalled();

    const error = await failureOf(client.put('/v1/expired', {}));
    expect(error.status).toBe(401);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('opens an event stream: the body of a text/event-stream answer, the JSON body sent', async () => {
    const client = createApiClient({ baseUrl });
    const body = await client.openEventStream('/v1/stream', { userText: 'Oi' });
    expect(await new Response(body).text()).toBe('event: delta\ndata: {"text":"Olá"}\n\n');
    expect(received[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"userText":"Oi"}' });
  });

  it('reads an answer that is not a stream as the envelope of a failure, a 401 ending the session', async () => {
    const client = createApiClient({ baseUrl });
    const logout = vi.fn();
    client.setUnauthorizedHandler(logout);

    const conflict = await failureOf(client.openEventStream('/v1/conflict'));
    expect([conflict.status, conflict.message]).toEqual([409, 'Este e-mail já está cadastrado']);
    expect(logout).not.toHaveBeenCalled();

    const expired = await failureOf(client.openEventStream('/v1/expired'));
    expect(expired.status).toBe(401);
    expect(logout).toHaveBeenCalledTimes(1);

    const notAStream = await failureOf(client.openEventStream('/v1/ok'));
    expect(notAStream.message).toBe(messages.errors.generic);
  });
});
