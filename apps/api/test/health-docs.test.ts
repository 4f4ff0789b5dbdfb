import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createMailer } from '../src/platform/mail/mailer';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createTestApp, type TestApp } from './helpers/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A loopback port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const routeNotFound = { status: 404, data: null, message: messages.errors.routeNotFound };

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    // A real PostgreSQL client pointed at a port nobody listens on: the database is down.
    const port = await closedPort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-health-'));
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/consultorio`, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ url: config.databaseUrl });
    const mailer = createMailer({ from: config.mailFrom, mailDir: path.join(dataDir, 'mail'), logger: { info: () => undefined } });
    const app = await buildApp({ config, database, storage: createLocalStorage(path.join(dataDir, 'files')), mailer, logger: false });
    try {
      const down = await app.inject({ method: 'GET', url: '/healthz' });
      expect(down.json()).toEqual({ status: 503, data: null, message: messages.errors.serviceUnavailable });
    } finally {
      await app.close();
      mailer.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document listing the API', async () => {
    const response = await t.request({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Consultório API');
    const paths = Object.keys(document.paths);
    for (const expected of [
      '/v1/users/registrations',
      '/v1/users/registrations/resend-email',
      '/v1/users/registrations/confirm',
      '/v1/users/users-sessions',
      '/v1/users/recover-username',
      '/v1/users/recover-password',
      '/v1/users/me',
      '/v1/users/me/password',
      '/v1/users/me/email-updates',
      '/v1/users/email-updates/confirm',
      '/v1/users/me/avatar',
      '/v1/files/{key}',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(paths).not.toContain('/healthz');
    expect(Object.keys(document.paths['/v1/users/me'])).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(document.paths['/v1/users/users-sessions'])).toEqual(expect.arrayContaining(['post', 'delete']));
    const login = document.paths['/v1/users/users-sessions'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
  });

  it('serves the documentation page as HTML', async () => {
    let response = await t.request({ method: 'GET', url: '/docs' });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      response = await t.request({ method: 'GET', url: new URL(response.headers.location!, 'http://localhost/docs/').pathname });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/v1/nope'],
    ['POST', '/v1/users/nope'],
    ['GET', '/v1'],
    ['GET', '/v1/'],
    ['PATCH', '/v1/users/me'],
    ['DELETE', '/v1/users/me'],
  ] as const)('answers %s %s with the 404 envelope', async (method, url) => {
    const response = await t.request({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(routeNotFound);
  });
});

describe('indexing by search engines', () => {
  it('serves a robots.txt that disallows everything, and marks every answer noindex', async () => {
    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    for (const url of ['/robots.txt', '/healthz', '/v1/users/me', '/v1/nope']) {
      expect((await t.request({ method: 'GET', url })).headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });
});
