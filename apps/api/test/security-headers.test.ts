import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders, securityOptions } from '../src/platform/security-headers';
import { createTestApp, type TestApp } from './helpers/build-app';

/** What helmet's middleware itself sets on a real response with these options. */
async function headersFromHelmet(isHttps: boolean): Promise<Record<string, string>> {
  const middleware = helmet(securityOptions(isHttps));
  const server = createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const ignored = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...response.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it.each([false, true])('are the ones helmet sets per request (https: %s), worked out once', async (isHttps) => {
    expect(securityHeaders(securityOptions(isHttps))).toEqual(await headersFromHelmet(isHttps));
  });

  it('upgrade insecure requests only over https', () => {
    expect(securityHeaders(securityOptions(true))['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(securityHeaders(securityOptions(false))['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  describe('on the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('are sent on an API answer, a 401 and a not-found answer', async () => {
      const expected = securityHeaders(securityOptions(false));
      expect(expected['content-security-policy']).toContain("default-src 'self'");
      expect(expected['x-frame-options']).toBe('SAMEORIGIN');
      for (const url of ['/healthz', '/v1/users/me', '/v1/nothing-here']) {
        const response = await t.request({ method: 'GET', url });
        expect(response.headers).toMatchObject(expected);
        expect(response.headers['x-powered-by']).toBeUndefined();
      }
    });
  });
});
