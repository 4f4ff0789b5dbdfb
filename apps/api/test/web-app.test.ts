import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';

let t: TestApp;
let webDist: string;
const hashedAsset = 'index-BlWZUVk-.js';
const hashedSource = `export const texto = ${JSON.stringify('Olá, Consultório! '.repeat(200))};`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'consultorio-web-'));
  await mkdir(path.join(webDist, 'assets'));
  const indexHtml = '<!doctype html><title>Consultório</title>';
  await writeFile(path.join(webDist, 'index.html'), indexHtml);
  await writeFile(path.join(webDist, 'index.html.br'), brotliCompressSync(indexHtml));
  await writeFile(path.join(webDist, 'index.html.gz'), gzipSync(indexHtml));
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  // What the build writes: a hashed file and its Brotli and gzip copies.
  await writeFile(path.join(webDist, 'assets', hashedAsset), hashedSource);
  await writeFile(path.join(webDist, 'assets', `${hashedAsset}.br`), brotliCompressSync(hashedSource));
  await writeFile(path.join(webDist, 'assets', `${hashedAsset}.gz`), gzipSync(hashedSource));
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
    expect(response.json()).toEqual({ status: 404, data: null, message: messages.errors.routeNotFound, code: expect.any(String), requestId: expect.any(String) });
  });
});

describe('compressed and cached delivery', () => {
  it('sends a hashed asset pre-compressed by Accept-Encoding, cached for a year', async () => {
    const url = `/assets/${hashedAsset}`;
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(hashedSource);

    const gzipped = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(hashedSource);

    const plain = await t.request({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(hashedSource);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/patients'])('sends index.html (%s) compressed and revalidated on every load', async (url) => {
    const response = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<title>Consultório</title>');
  });

  it('compresses a large JSON answer and leaves a small one alone', async () => {
    const large = await t.request({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.request({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
