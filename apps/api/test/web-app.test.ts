import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'consultorio-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Consultório</title>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/register', '/patients/123/records/9', '/confirm-user-registration?token=x'])('answers %s with index.html', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Consultório</title>');
  });

  it('serves assets, including ones added after start-up, and 404 for a missing asset', async () => {
    expect((await t.request({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    await writeFile(path.join(webDist, 'assets', 'later.js'), 'console.log(2)');
    expect((await t.request({ method: 'GET', url: '/assets/later.js' })).body).toBe('console.log(2)');
    expect((await t.request({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.request({ method: 'GET', url: '/v1/nothing-here' });
    expect(response.json()).toEqual({ status: 404, data: null, message: messages.errors.routeNotFound });
  });
});
