// Every route of the contract, walked with what a careless or hostile client sends: another
// professional's ids (never a 2xx, and their data unchanged), ids and tokens that are no ids, wrong
// types and out-of-range dates in the query and the body. Each answer is a 4xx with the error envelope and a
// message, in time: never a 500, never a stall. The modules' own tests check each route's exact
// answers; this one checks that none was forgotten.
import { allApiRoutes, pathOf, type ApiRoute } from '@consultorio/shared';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryAssistant, newChat } from './factories/chats';
import { libraryTemplate, newForm } from './factories/forms';
import { newRecord } from './factories/records';
import { newSignedInUser } from './factories/users';
import { createTestApp, type TestApp } from './helpers/build-app';
import { testDriver } from './helpers/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An answer must come within this (a stall is a failure, as a 500 is). */
const ANSWER_MS = 5_000;

const routes = allApiRoutes();
const sessionRoutes = routes.filter((route) => route.access === 'session');

/** The other professional's data, each id the kind a route's `:id` may name. */
async function otherProfessionalsData() {
  const { user, cookie } = await newSignedInUser(t);
  const call = async (method: InjectOptions['method'], url: string, payload?: object) => {
    const response = await t.request({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<{ data: Record<string, unknown> }>().data;
  };
  const patient = (await call('POST', '/v1/users/me/patients', { firstName: 'Bia', lastName: 'Reis', email: `bia.${user.username}@example.com` })).patient as { id: string };
  const record = await newRecord(t, { owner: user, patient, name: 'Anamnese' });
  const form = await newForm(t, { owner: user, patient, template: await libraryTemplate(t, 'anamnese-psicologica') });
  const chat = await newChat(t, { owner: user, patient, assistant: await libraryAssistant(t, 'supervisor-psicoterapia') });
  const startsAt = new Date(t.clock.now().getTime() - 48 * 3_600_000);
  startsAt.setUTCMinutes(0, 0, 0);
  const appointment = (await call('POST', '/v1/users/me/appointments', { patientId: patient.id, startsAt: startsAt.toISOString(), durationMinutes: 50, feeCents: 10000 })).appointment as { id: string };
  await call('PUT', `/v1/appointments/${appointment.id}`, { status: 'attended' });
  const payment = (await call('POST', '/v1/users/me/payments', { patientId: patient.id, appointmentIds: [appointment.id], amountCents: 10000, method: 'pix', paidAt: startsAt.toISOString().slice(0, 10) })).payment as { id: string };
  const document = (await call('POST', `/v1/patients/${patient.id}/documents`, { kind: 'declaracao', purpose: 'Trabalho', recipient: 'Empresa', appointmentIds: [appointment.id] })).document as { id: string };
  const ids = [patient.id, record.id, form.id, chat.id, appointment.id, payment.id, document.id];
  /** What the other professional sees of their data, to compare after the walk. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        call('GET', `/v1/patients/${patient.id}`),
        call('GET', `/v1/records/${record.id}`),
        call('GET', `/v1/patients/${patient.id}/documents`),
        call('GET', `/v1/payments/${payment.id}`),
      ]).then((answers) => answers.map(withoutVolatile)),
    );
  return { ids, snapshot };
}

/** An answer without what changes by itself between two reads (times of reading). */
function withoutVolatile(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer, (key: string, value: unknown) => (key === 'lastReadAt' || key === 'readAt' ? undefined : value)));
}

/** Each way of filling the route's path parameters with `value`. */
function pathWith(route: ApiRoute, value: string): string {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  return pathOf(route, Object.fromEntries(names.map((name) => [name, value])));
}

const hasParams = (route: ApiRoute) => route.path.includes(':');

/** Ids that are no ids: not a UUID, almost one, an injection, a path, very long, encoded oddly. */
const badIds = ['x', '00000000-0000-0000-0000-00000000000g', "1' or '1'='1", '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3000), '%00', '%F0%9F%98%80'];

/** Values of the wrong type or out of range, for every field of a query or a body. */
const badValues: unknown[] = [{}, [], -1, 1e308, 'x'.repeat(20_000), '1800-01-01', '2200-12-31T23:00:00.000Z', '31/02/2025', null, true];

function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Query strings with each bad value in every field at once, and a field repeated. */
function badQueries(route: ApiRoute): string[] {
  const keys = keysOf(route.query);
  if (keys.length === 0) return [];
  const encoded = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  return [...badValues.map((value) => keys.map((key) => `${key}=${encoded(value)}`).join('&')), keys.map((key) => `${key}=1&${key}=2`).join('&')];
}

/** Bodies of the wrong shape, and the right shape with each bad value in every field. */
function badBodies(route: ApiRoute): unknown[] {
  if (!route.body) return [];
  const keys = keysOf(route.body);
  return [[], 'texto', 42, {}, ...badValues.map((value) => Object.fromEntries(keys.map((key) => [key, value])))];
}

type Answer = { status: number; body: string } | 'stalled';

async function answerOf(options: InjectOptions): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), ANSWER_MS)));
  try {
    return await Promise.race([t.request(options).then((response) => ({ status: response.statusCode, body: response.body })), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer to bad input ('' when nothing): it must be a 4xx error envelope with a message. */
function problemOf(answer: Answer, allowSuccess: boolean): string {
  if (answer === 'stalled') return `no answer in ${ANSWER_MS} ms`;
  if (answer.status >= 500) return `${answer.status}: ${answer.body.slice(0, 300)}`;
  if (answer.status < 400) return allowSuccess ? '' : `${answer.status} (another professional's data?): ${answer.body.slice(0, 300)}`;
  try {
    const envelope = JSON.parse(answer.body) as { status?: unknown; message?: unknown; code?: unknown };
    if (envelope.status !== answer.status || typeof envelope.message !== 'string' || envelope.message === '' || typeof envelope.code !== 'string') return `${answer.status} without the envelope: ${answer.body.slice(0, 300)}`;
  } catch {
    return `${answer.status} not JSON: ${answer.body.slice(0, 300)}`;
  }
  return '';
}

// One database is enough: the walk checks the routes' handling, not the driver's.
describe.runIf(testDriver === 'postgres')('every route, given bad input (the session routes by a signed-in professional)', () => {
  it('answers another professional’s ids with a 4xx and changes none of their data', { timeout: 180_000 }, async () => {
    const other = await otherProfessionalsData();
    const before = await other.snapshot();
    let { cookie } = await newSignedInUser(t);
    const problems: string[] = [];
    expect(sessionRoutes.filter(hasParams).length).toBeGreaterThan(80);
    for (const route of sessionRoutes.filter(hasParams)) {
      for (const id of other.ids) {
        const url = pathWith(route, id);
        const answer = await answerOf({ method: route.method, url, headers: { cookie }, ...(route.body ? { payload: {} } : {}) });
        // A body route answers its empty body 400 before looking the id up: no leak either way.
        const problem = problemOf(answer, false);
        if (problem) problems.push(`${route.method} ${url.slice(0, 120)} → ${problem}`);
      }
      ({ cookie } = await stillSignedIn(cookie));
    }
    expect(problems).toEqual([]);
    expect(await other.snapshot()).toBe(before);
  });

  it('answers ids that are no ids, wrong query values and wrong bodies with a 4xx envelope, in time', { timeout: 300_000 }, async () => {
    let { cookie } = await newSignedInUser(t);
    const problems: string[] = [];
    let sent = 0;
    const check = async (route: ApiRoute, options: InjectOptions & { url: string; payload?: string }, allowSuccess: boolean) => {
      sent += 1;
      const problem = problemOf(await answerOf({ ...options, headers: { cookie, ...options.headers } }), allowSuccess);
      if (problem) problems.push(`${route.method} ${options.url.slice(0, 120)} ${String(options.payload ?? '').slice(0, 80)} → ${problem}`);
    };
    for (const route of routes) {
      if (hasParams(route)) {
        for (const id of badIds) await check(route, { method: route.method, url: pathWith(route, id) }, false);
      }
      // A value that happens to be valid (a date-like text as a name) may be taken: only the kind of answer is checked.
      const url = hasParams(route) ? pathWith(route, '00000000-0000-4000-8000-000000000000') : route.path;
      for (const query of badQueries(route)) await check(route, { method: route.method, url: `${url}?${query}` }, true);
      for (const payload of badBodies(route)) await check(route, { method: route.method, url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }, true);
      ({ cookie } = await stillSignedIn(cookie));
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  });
});

/** The walk's session, or a new professional's when a route ended it (signing out, deleting the account). */
async function stillSignedIn(cookie: string): Promise<{ cookie: string }> {
  const me = await t.request({ method: 'GET', url: '/v1/users/me', headers: { cookie } });
  if (me.statusCode === 200) return { cookie };
  return newSignedInUser(t);
}
