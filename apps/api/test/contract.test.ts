import SwaggerParser from '@apidevtools/swagger-parser';
import { allApiRoutes, filesApi, financeApi, messages, pathOf, patientsApi, type ApiRoute } from '@consultorio/shared';
import type { OpenAPIV3 } from 'openapi-types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatientViaApi } from './factories/patients';
import { createRecordViaApi } from './factories/records';
import { newSignedInUser } from './factories/users';
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
    expect(failure.required).toEqual(['status', 'code', 'data', 'message', 'requestId']);
  });
});

describe('the OpenAPI document', () => {
  let document: OpenAPIV3.Document;
  beforeAll(async () => {
    document = (await t.request({ method: 'GET', url: '/docs/json' })).json();
  });
  const operationOf = (route: ApiRoute) => document.paths[route.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase() as OpenAPIV3.HttpMethods];
  /** The contract's routes the document lists (the operational ones are left out of it). */
  const documented = () => contractRoutes.filter((route) => operationOf(route) !== undefined);

  it('is a valid OpenAPI 3.0 document', async () => {
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('names the session for every operation that needs one, and none (`security: []`) for a public one', () => {
    expect(document.security).toEqual([{ session: [] }]);
    expect(documented().filter((route) => route.access === 'public').length).toBeGreaterThan(10);
    for (const route of documented()) {
      expect(operationOf(route)!.security, key(route.method, route.path)).toEqual(route.access === 'session' ? [{ session: [] }] : []);
    }
  });

  it('describes each multipart body: its file field with the size and count limits, and its text fields', () => {
    const multipart = documented().filter((route) => route.multipart);
    expect(multipart.map((route) => key(route.method, route.path)).sort()).toEqual([
      'POST /v1/chats/:id/send-attachments',
      'POST /v1/chats/:id/send-attachments/stream',
      'POST /v1/documents/:id/sign',
      'POST /v1/documents/:id/signed-pdf',
      'POST /v1/records/:id/attachments',
      'PUT /v1/expenses/:id/receipt',
      'PUT /v1/patients/:id/avatar',
      'PUT /v1/users/me/avatar',
    ]);
    for (const route of multipart) {
      const { fileField, maxFiles, maxFileBytes, fields } = route.multipart!;
      const body = operationOf(route)!.requestBody as OpenAPIV3.RequestBodyObject;
      expect(Object.keys(body.content), key(route.method, route.path)).toEqual(['multipart/form-data']);
      const schema = body.content['multipart/form-data']!.schema as OpenAPIV3.SchemaObject;
      expect(schema.required).toContain(fileField);
      const property = schema.properties![fileField] as OpenAPIV3.SchemaObject;
      const file = (maxFiles === 1 ? property : (property as OpenAPIV3.ArraySchemaObject).items) as OpenAPIV3.SchemaObject;
      expect(file).toMatchObject({ type: 'string', format: 'binary', maxLength: maxFileBytes });
      if (maxFiles > 1) expect(property).toMatchObject({ type: 'array', minItems: 1, maxItems: maxFiles });
      expect(Object.keys(schema.properties!).sort()).toEqual([...Object.keys(fields?.shape ?? {}), fileField].sort());
    }
  });

  it('documents the content types each file download sends', async () => {
    /** Whether a media range the document lists covers the type sent (`*\/*`, `image/*` or the type itself). */
    const covers = (range: string, sent: string) => range === '*/*' || range === sent || (range.endsWith('/*') && sent.startsWith(range.slice(0, -1)));
    const { cookie } = await newSignedInUser(t);
    const download = async (route: ApiRoute, url: string, expected: string) => {
      const response = await t.request({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      const sent = response.headers['content-type']!.split(';')[0]!.trim();
      expect(sent).toBe(expected);
      const content = (operationOf(route)!.responses[String(route.status)] as OpenAPIV3.ResponseObject).content!;
      // The most specific range the document lists for what was sent: the type itself when listed.
      const listed = Object.keys(content).filter((range) => covers(range, sent));
      expect(listed, `${url} sends ${sent}; the document lists ${Object.keys(content).join(', ')}`).not.toEqual([]);
      expect(content[listed.find((range) => range === sent) ?? listed[0]!]!.schema).toMatchObject({ type: 'string' });
      return content;
    };

    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a7' } }).png().toBuffer();
    const upload = (field: string, bytes: Uint8Array, name: string, type: string) => {
      const body = new FormData();
      body.append(field, new File([bytes], name, { type }));
      return body;
    };
    const avatar = await t.request({ method: 'PUT', url: '/v1/users/me/avatar', headers: { cookie }, payload: upload('file', picture, 'foto.png', 'image/png') });
    const avatarKey = avatar.json().data.user.avatarExternalKey as string;
    const stored = await download(filesApi.download, `/v1/files/${avatarKey}`, 'image/webp');
    expect(stored['image/webp']!.schema).toMatchObject({ type: 'string', format: 'binary' });

    const patient = await createPatientViaApi(t, cookie);
    const record = await createRecordViaApi(t, cookie, patient.id);
    const attached = await t.request({
      method: 'POST',
      url: `/v1/records/${record.id}/attachments`,
      headers: { cookie },
      payload: upload('files', Buffer.from('%PDF-1.4\n%%EOF\n'), 'laudo.pdf', 'application/pdf'),
    });
    const attachmentKey = attached.json().data.recordsAttachments[0].externalKey as string;
    await download(filesApi.download, `/v1/files/${attachmentKey}`, 'application/pdf');

    await download(patientsApi.export, pathOf(patientsApi.export, { id: patient.id }), 'application/zip');
    await download(financeApi.report, `${financeApi.report.path}?month=2025-03`, 'text/csv');
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
      expect(malformed.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
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

  // The patient portal's views are public routes behind the portal's own cookie: without it they answer 401 before the body is read.
  const behindPortalCookie = (route: { path: string }) => route.path.startsWith('/v1/portal/') && !route.path.startsWith('/v1/portal/sessions');
  it.each(contractRoutes.filter((route) => route.access === 'public' && route.body && !behindPortalCookie(route)).map((route) => [key(route.method, route.path), route] as const))(
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
