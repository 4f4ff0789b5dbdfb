// The contract declares which codes each route answers, by status, and the OpenAPI document
// shows them (issue 27): checked here against what the routes really answer.
import { allApiRoutes, type ErrorStatus } from '@consultorio/shared';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../src/modules';
import { errorCatalogOf } from '../src/platform/errors';
import { newPatient } from './factories/patients';
import { newSignedInUser } from './factories/users';
import { createTestApp, type TestApp } from './helpers/build-app';

let t: TestApp;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

/** The codes the document lists for an answer of a route: its `code`'s enum, and its description's. */
function documentedCodes(method: string, path: string, status: number): { enum: string[]; described: string[] } {
  const operation = document.paths[path]?.[method.toLowerCase() as OpenAPIV3.HttpMethods];
  const answer = operation?.responses[String(status)] as OpenAPIV3.ResponseObject | undefined;
  if (!answer) throw new Error(`${method} ${path} documents no ${status}`);
  const schema = answer.content?.['application/json']?.schema as OpenAPIV3.SchemaObject;
  const code = schema.properties?.code as OpenAPIV3.SchemaObject | undefined;
  const described = /Codes: ([A-Z_, ]+)$/.exec(answer.description)?.[1]?.split(', ') ?? [];
  return { enum: (code?.enum ?? []) as string[], described };
}

describe('the codes each route answers, in the contract', () => {
  it('names only declared codes, each under the status it is declared with', () => {
    const catalog = errorCatalogOf(apiModules);
    const wrong: string[] = [];
    for (const route of allApiRoutes()) {
      for (const [status, codes] of Object.entries(route.errorCodes)) {
        for (const code of codes ?? []) {
          const declared = catalog.get(code);
          if (declared?.status !== Number(status)) wrong.push(`${route.method} ${route.path} ${status} ${code} (declared: ${declared ? declared.status : 'nowhere'})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('adds the codes the route’s shape implies', () => {
    const save = allApiRoutes().find((route) => route.method === 'PUT' && route.path === '/v1/records/:id/content')!;
    expect(save.errorCodes).toMatchObject({
      400: ['INVALID_JSON', 'VALIDATION'],
      401: ['UNAUTHORIZED'],
      403: ['PASSWORD_CHANGE_REQUIRED'],
      409: ['RECORD_VERSION_CONFLICT'],
      423: ['RECORD_FINALIZED'],
      500: ['INTERNAL'],
    });
  });
});

describe('the OpenAPI document shows the codes the routes really answer', () => {
  /** Calls a route and checks the code of its failure is one the document lists for that status. */
  async function expectDocumented(method: 'GET' | 'POST' | 'PUT', url: string, documentedPath: string, cookie: string | undefined, payload: object | undefined, code: string, status: ErrorStatus) {
    const response = await t.request({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().code).toBe(code);
    const listed = documentedCodes(method, documentedPath, status);
    expect(listed.enum, `${method} ${documentedPath} ${status}`).toContain(code);
    expect(listed.described).toEqual(listed.enum);
  }

  it('the record save: 409 RECORD_VERSION_CONFLICT, 423 RECORD_FINALIZED, 404 RECORD_NOT_FOUND, 401 UNAUTHORIZED', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const created = await t.request({ method: 'POST', url: `/v1/patients/${patient.id}/records`, headers: { cookie }, payload: { name: 'Sessão' } });
    const record = created.json().data.record as { id: string; version: number };
    const path = '/v1/records/{id}/content';
    const url = `/v1/records/${record.id}/content`;
    expect((await t.request({ method: 'PUT', url, headers: { cookie }, payload: { content: '<p>A</p>', version: record.version } })).statusCode).toBe(200);
    await expectDocumented('PUT', url, path, cookie, { content: '<p>B</p>', version: record.version }, 'RECORD_VERSION_CONFLICT', 409);
    const other = await newSignedInUser(t);
    await expectDocumented('PUT', url, path, other.cookie, { content: '<p>C</p>', version: 2 }, 'RECORD_NOT_FOUND', 404);
    await expectDocumented('PUT', url, path, undefined, { content: '<p>C</p>', version: 2 }, 'UNAUTHORIZED', 401);
    expect((await t.request({ method: 'POST', url: `/v1/records/${record.id}/finalize`, headers: { cookie } })).statusCode).toBe(200);
    await expectDocumented('PUT', url, path, cookie, { content: '<p>D</p>', version: 2 }, 'RECORD_FINALIZED', 423);
    await expectDocumented('POST', `/v1/records/${record.id}/finalize`, '/v1/records/{id}/finalize', cookie, undefined, 'RECORD_ALREADY_FINALIZED', 409);
  });

  it('a record’s addendum before it is finalized: 409 RECORD_NOT_FINALIZED, which the save’s 409 does not list', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const created = await t.request({ method: 'POST', url: `/v1/patients/${patient.id}/records`, headers: { cookie }, payload: { name: 'Sessão' } });
    const id = (created.json().data.record as { id: string }).id;
    await expectDocumented('POST', `/v1/records/${id}/addenda`, '/v1/records/{id}/addenda', cookie, { content: '<p>Correção</p>' }, 'RECORD_NOT_FINALIZED', 409);
    expect(documentedCodes('PUT', '/v1/records/{id}/content', 409).enum).toEqual(['RECORD_VERSION_CONFLICT']);
  });

  it('an appointment that overlaps another: 409 APPOINTMENT_OVERLAP; a patient of another professional: 404 PATIENT_NOT_FOUND', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const patient = await newPatient(t, { owner: user });
    const url = '/v1/users/me/appointments';
    const first = { patientId: patient.id, startsAt: '2030-05-06T10:00:00-03:00', endsAt: '2030-05-06T11:00:00-03:00' };
    expect((await t.request({ method: 'POST', url, headers: { cookie }, payload: first })).statusCode).toBe(201);
    await expectDocumented('POST', url, url, cookie, { ...first, startsAt: '2030-05-06T10:30:00-03:00', endsAt: '2030-05-06T11:30:00-03:00' }, 'APPOINTMENT_OVERLAP', 409);
    const other = await newSignedInUser(t);
    await expectDocumented('POST', url, url, other.cookie, first, 'PATIENT_NOT_FOUND', 404);
    await expectDocumented('GET', `/v1/patients/${patient.id}`, '/v1/patients/{id}', other.cookie, undefined, 'PATIENT_NOT_FOUND', 404);
  });
});
