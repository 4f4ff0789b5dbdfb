import { allApiRoutes, messages, pathOf, type ApiRoute } from '@consultorio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const contractRoutes = allApiRoutes();
const key = (method: string, url: string) => `${method} ${url}`;
const anyId = '00000000-0000-4000-8000-000000000000';

/** The API routes Fastify registered (HEAD twins, the documentation and the web app's files left out). */
function serverRoutes() {
  const webAppFiles = new Set(['/*', '/', '/robots.txt']);
  return t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/docs') && !webAppFiles.has(route.url));
}

/** A route's path with every parameter filled in. */
function samplePath(route: ApiRoute): string {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  return pathOf(route, Object.fromEntries(names.map((name) => [name, anyId])));
}

describe('the shared contract and the server', () => {
  it('registers exactly the routes of the contract', () => {
    const registered = serverRoutes().map((route) => key(route.method, route.url));
    const declared = contractRoutes.map((route) => key(route.method, route.path));
    expect(new Set(registered)).toEqual(new Set(declared));
    expect(registered).toHaveLength(declared.length);
  });

  it('documents every registered route with a schema for each status it can answer', async () => {
    const document = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const byKey = new Map(contractRoutes.map((route) => [key(route.method, route.path), route]));
    for (const route of serverRoutes()) {
      if (route.schema?.hide) continue;
      const name = key(route.method, route.url);
      const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
      expect(operation, `${name} is missing from /docs/json`).toBeDefined();
      const contract = byKey.get(name)!;
      const statuses = [contract.status, ...contract.errorStatuses].map(String);
      expect(Object.keys(operation.responses).sort(), `${name} answers`).toEqual(statuses.sort());
      for (const status of statuses) {
        const content = operation.responses[status].content;
        const schemas: Array<{ schema?: unknown }> = Object.values(content ?? {});
        expect(schemas.length > 0 && schemas.every((entry) => entry.schema !== undefined), `${name} ${status} has a schema`).toBe(true);
      }
    }
  });

  it('declares the error envelope for every failure', async () => {
    const document = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const failure = document.paths['/v1/patients/{id}'].get.responses['404'].content['application/json'].schema;
    expect(failure.required).toEqual(['status', 'data', 'message', 'requestId']);
  });
});

describe('route-scope authentication', () => {
  const protectedRoutes = contractRoutes.filter((route) => route.access === 'session');
  const withBody = protectedRoutes.filter((route) => route.method === 'POST' || route.method === 'PUT');

  it('covers every write route that needs a session', () => {
    expect(withBody.length).toBeGreaterThan(20);
  });

  it.each(withBody.map((route) => [key(route.method, route.path), route] as const))(
    '%s answers 401 to a malformed body without a session, before reading it',
    async (_name, route) => {
      const malformed = await t.request({
        method: route.method,
        url: samplePath(route),
        headers: { 'content-type': 'application/json' },
        payload: '{"broken',
      });
      expect(malformed.statusCode).toBe(401);
      expect(malformed.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, requestId: expect.any(String) });
      const wrongTypes = await t.request({
        method: route.method,
        url: samplePath(route),
        headers: { cookie: 'sid=not-a-session' },
        payload: { name: 42, content: [], files: true },
      });
      expect(wrongTypes.statusCode).toBe(401);
    },
  );

  it.each(protectedRoutes.filter((route) => route.method === 'GET' || route.method === 'DELETE').map((route) => [key(route.method, route.path), route] as const))(
    '%s answers 401 without a session',
    async (_name, route) => {
      const response = await t.request({ method: route.method, url: samplePath(route) });
      expect(response.statusCode).toBe(401);
    },
  );

  it.each(contractRoutes.filter((route) => route.access === 'public' && route.body).map((route) => [key(route.method, route.path), route] as const))(
    'public %s answers a malformed body with 400',
    async (_name, route) => {
      const response = await t.request({
        method: route.method,
        url: samplePath(route),
        headers: { 'content-type': 'application/json' },
        payload: '{"broken',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.errors.invalidJson);
    },
  );
});
