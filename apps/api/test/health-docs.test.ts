import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createMailer } from '../src/platform/mail/mailer';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createTestApp, type TestApp } from './helpers/build-app';
import { testDriver } from './helpers/database';
import { adminQuery, databaseUrl } from './helpers/postgres-template';

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

const routeNotFound = { status: 404, data: null, message: messages.errors.routeNotFound, code: 'ROUTE_NOT_FOUND', requestId: expect.any(String) };

const e = messages.errors;
const unavailable = (message: string) => ({ status: 503, data: null, message, code: expect.any(String), requestId: expect.any(String) });

/** The app on a database that the test opened as it likes (down, or never migrated), asked only through inject. */
async function withAppOn(database: Database, check: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-health-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const mailer = createMailer({ from: config.mailFrom, mailDir: path.join(dataDir, 'mail'), logger: { info: () => undefined } });
  const app = await buildApp({ config, database, storage: createLocalStorage(path.join(dataDir, 'files')), mailer, logger: false });
  try {
    await check(app);
  } finally {
    await app.close();
    mailer.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('liveness and readiness', () => {
  it('answers ok to both when the database answers and is migrated', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('stays live but not ready when the database does not answer', async () => {
    // A real PostgreSQL client pointed at a port nobody listens on: the database is down.
    const port = await closedPort();
    await withAppOn(await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/consultorio` }), async (app) => {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(unavailable(e.databaseUnavailable));
    });
  });

  // An empty PostgreSQL database is made in moments; another PGlite costs seconds, for the same query.
  it.runIf(testDriver === 'postgres')('is not ready on a database whose migrations have not run', async () => {
    const name = `consultorio_unmigrated_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    try {
      await withAppOn(await openDatabase({ url: databaseUrl(name) }), async (app) => {
        expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual(unavailable(e.migrationsPending));
      });
    } finally {
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('answers 404 like an unknown address, whatever the Authorization header', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123456789' }]) {
      const response = await t.request({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(routeNotFound);
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
