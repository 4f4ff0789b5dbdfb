import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@consultorio/shared';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormViaApi, libraryTemplate } from './factories/forms';
import { createPatientViaApi } from './factories/patients';
import { createRecordViaApi } from './factories/records';
import { newSignedInUser } from './factories/users';
import { createTestApp, type TestApp } from './helpers/build-app';

let t: TestApp;
/** What the web app's build writes (apps/web/vite-plugins.ts `pagePreloads`): a page behind the login and a patient's page. */
const pagePreloads = [
  { pattern: '^\\/patients\\/?$', signedIn: true, styles: ['/assets/layout-A1.css'], scripts: ['/assets/app-B2.js', '/assets/patients-page-C3.js'] },
  { pattern: '^\\/agendar\\/(?<slug>[^/]+)\\/?$', signedIn: false, styles: [], scripts: ['/assets/booking-page-D4.js'] },
];
let webDist: string;
/** The app's log lines, to see that no page's answers failed on the way. */
const logLines: string[] = [];
const hashedAsset = 'index-BlWZUVk-.js';
const hashedSource = `export const texto = ${JSON.stringify('Olá, Consultório! '.repeat(200))};`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'consultorio-web-'));
  await mkdir(path.join(webDist, 'assets'));
  const indexHtml = '<!doctype html><html><head><title>Consultório</title></head><body><div id="root"></div></body></html>';
  await writeFile(path.join(webDist, 'index.html'), indexHtml);
  await writeFile(path.join(webDist, 'index.html.br'), brotliCompressSync(indexHtml));
  await writeFile(path.join(webDist, 'index.html.gz'), gzipSync(indexHtml));
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(webDist, 'page-preloads.json'), JSON.stringify(pagePreloads));
  // What the build writes: a hashed file and its Brotli and gzip copies.
  await writeFile(path.join(webDist, 'assets', hashedAsset), hashedSource);
  await writeFile(path.join(webDist, 'assets', `${hashedAsset}.br`), brotliCompressSync(hashedSource));
  await writeFile(path.join(webDist, 'assets', `${hashedAsset}.gz`), gzipSync(hashedSource));
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ env: { WEB_DIST: webDist }, logStream });
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

describe('the first answers written into a page (issue 34)', () => {
  /** The answers of a page's HTML, by URL, as the web app reads them (lib/first-answers.ts). */
  function answersIn(html: string): Record<string, { status: number; body: string }> | undefined {
    const match = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, { status: number; body: string }>) : undefined;
  }

  /** A browser's navigation typed in the address bar (or, with `site`, from a link of that origin). */
  const call = (url: string, cookie?: string, site = 'none', mode = 'navigate') =>
    t.request({ method: 'GET', url, headers: { 'sec-fetch-site': site, 'sec-fetch-mode': mode, ...(cookie ? { cookie } : {}) } });

  it("writes the booking page's profile and its first week of slots, as the routes answer them, never kept by a cache", async () => {
    const { user, cookie } = await newSignedInUser(t, { timeZone: 'America/Sao_Paulo' });
    const slug = `pagina-${user.username.slice(5)}`;
    expect((await t.request({ method: 'PUT', url: '/v1/users/me', headers: { cookie }, payload: { firstName: 'Ana', lastName: 'Souza', title: 'Dra.', gender: 'female', bookingSlug: slug, bookingEnabled: true } })).statusCode).toBe(200);

    const page = await call(`/agendar/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Consultório</title>');
    const today = DateTime.fromJSDate(t.clock.now()).setZone('America/Sao_Paulo').toFormat('yyyy-MM-dd');
    const lastDay = DateTime.fromISO(today, { zone: 'utc' }).plus({ days: 6 }).toFormat('yyyy-MM-dd');
    const slotsUrl = `/v1/booking/${slug}/slots?from=${today}&to=${lastDay}`;
    const answers = answersIn(page.body)!;
    expect(Object.keys(answers)).toEqual([`/v1/booking/${slug}`, slotsUrl]);
    expect(answers[`/v1/booking/${slug}`]).toEqual({ status: 200, body: (await call(`/v1/booking/${slug}`)).body });
    expect(JSON.parse(answers[slotsUrl]!.body)).toMatchObject({ status: 200, data: { slots: expect.any(Array) } });

    // A page that is off, or unknown, answers 404 to the page itself: only that answer is written.
    const unknown = answersIn((await call('/agendar/ninguem-aqui')).body)!;
    expect(Object.keys(unknown)).toEqual(['/v1/booking/ninguem-aqui']);
    expect(unknown['/v1/booking/ninguem-aqui']!.status).toBe(404);
  });

  it("writes only the signed-in professional's own data, with every '<' escaped", async () => {
    const owner = await newSignedInUser(t);
    const other = await newSignedInUser(t);
    await createPatientViaApi(t, owner.cookie, { firstName: '</script><script>alert(1)</script>', lastName: 'Teste' });
    await createPatientViaApi(t, other.cookie, { firstName: 'Outra', lastName: 'Pessoa' });

    const page = await call('/patients', owner.cookie);
    expect(page.headers['cache-control']).toBe('no-store');
    // The only closing tag added is the block's own (index.html here has none).
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
    const answers = answersIn(page.body)!;
    const { patients } = (JSON.parse(answers['/v1/users/me/patients']!.body) as { data: { patients: Array<{ id: string; firstName: string }> } }).data;
    expect(patients.map((patient) => patient.firstName)).toEqual(['</script><script>alert(1)</script>']);
    expect(Object.keys(answers)).toEqual(['/v1/users/me', '/v1/users/me/patients', `/v1/users/me/appointments/summaries?patientIds=${patients[0]!.id}`]);
    expect(JSON.parse(answers['/v1/users/me']!.body).data.user.id).toBe(owner.user.id);

    const searched = answersIn((await call('/patients?q=Outra', owner.cookie)).body)!;
    expect(JSON.parse(searched['/v1/users/me/patients?q=Outra']!.body).data.patients).toEqual([]);

    const dashboard = answersIn((await call('/dashboard', owner.cookie)).body)!;
    expect(Object.keys(dashboard)).toEqual(expect.arrayContaining(['/v1/users/me', '/v1/users/me/stats', '/v1/support-contacts', '/v1/users/me/alerts?status=open']));
    expect(Object.values(dashboard).every((answer) => answer.status === 200)).toBe(true);
  });

  it("writes a record's, a questionnaire's and finance's first calls, and another professional's record only as the route's 404", async () => {
    const owner = await newSignedInUser(t, { timeZone: 'America/Sao_Paulo' });
    const other = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, owner.cookie, { firstName: 'Lia', lastName: 'Costa' });
    const record = await createRecordViaApi(t, owner.cookie, patient.id);
    const { form } = await createFormViaApi(t, owner.cookie, patient.id, { qaTemplateId: (await libraryTemplate(t, 'phq-9')).id });
    const frame = [`/v1/patients/${patient.id}`, `/v1/users/me/alerts?status=open&patientId=${patient.id}`, `/v1/users/me/appointments/summaries?patientIds=${patient.id}`];

    const recordPage = answersIn((await call(`/patients/${patient.id}/records/${record.id}`, owner.cookie)).body)!;
    expect(Object.keys(recordPage).sort()).toEqual(['/v1/users/me', `/v1/records/${record.id}`, `/v1/records/${record.id}/recordings`, ...frame].sort());
    expect(Object.values(recordPage).map((answer) => answer.status)).toEqual(Object.keys(recordPage).map(() => 200));
    expect(JSON.parse(recordPage[`/v1/records/${record.id}`]!.body)).toEqual((await call(`/v1/records/${record.id}`, owner.cookie)).json());

    const formPage = answersIn((await call(`/patients/${patient.id}/forms/${form.id}`, owner.cookie)).body)!;
    expect(Object.keys(formPage).sort()).toEqual(['/v1/users/me', `/v1/forms/${form.id}`, ...frame].sort());

    const month = DateTime.fromJSDate(t.clock.now()).setZone('America/Sao_Paulo').toFormat('yyyy-MM');
    const finance = answersIn((await call('/finance', owner.cookie)).body)!;
    expect(Object.keys(finance)).toEqual(
      expect.arrayContaining([`/v1/users/me/finance/summary?month=${month}`, `/v1/users/me/payments?month=${month}`, `/v1/users/me/finance/pending?month=${month}`]),
    );
    expect(Object.keys(answersIn((await call('/finance?month=2025-03', owner.cookie)).body)!)).toContain('/v1/users/me/expenses?year=2025&month=03');
    // A month the page does not accept is this month, as on the page.
    expect(Object.keys(answersIn((await call('/finance?month=1800-01', owner.cookie)).body)!)).toContain(`/v1/users/me/finance/summary?month=${month}`);

    const stranger = answersIn((await call(`/patients/${patient.id}/records/${record.id}`, other.cookie)).body)!;
    expect(stranger[`/v1/records/${record.id}`]!.status).toBe(404);
    expect(stranger[`/v1/patients/${patient.id}`]!.status).toBe(404);
    expect(JSON.stringify(stranger)).not.toContain('Lia');
  });

  it("leaves an answer the page's HTML has no room for to the page's own call", async () => {
    const { cookie } = await newSignedInUser(t);
    const patient = await createPatientViaApi(t, cookie, { firstName: 'Longa' });
    const record = await createRecordViaApi(t, cookie, patient.id);
    const content = `<p>${'Relato da sessão. '.repeat(40_000)}</p>`;
    const saved = await t.request({ method: 'PUT', url: `/v1/records/${record.id}/content`, headers: { cookie }, payload: { content, version: record.version } });
    expect(saved.statusCode, saved.body).toBe(200);

    const answers = answersIn((await call(`/patients/${patient.id}/records/${record.id}`, cookie)).body)!;
    expect(Object.keys(answers)).not.toContain(`/v1/records/${record.id}`);
    expect(Object.keys(answers)).toEqual(expect.arrayContaining(['/v1/users/me', `/v1/patients/${patient.id}`, `/v1/records/${record.id}/recordings`]));
  });

  it('writes nothing for a visitor without a cookie, another site, or a fetch that is not a navigation; only the 401 for a session that ended', async () => {
    const owner = await newSignedInUser(t);
    const anonymous = await call('/patients');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(answersIn(anonymous.body)).toBeUndefined();
    // Another site opening a search of the patients cannot time it: the page comes as the static file.
    const fromAnotherSite = await call('/patients?q=Silva', owner.cookie, 'cross-site');
    expect(fromAnotherSite.headers['cache-control']).toBe('no-cache');
    expect(answersIn(fromAnotherSite.body)).toBeUndefined();
    expect(answersIn((await call('/patients', owner.cookie, 'same-origin')).body)).toBeDefined();
    // A link preview or a script fetching the booking page starts no query.
    expect(answersIn((await call('/agendar/ninguem-aqui', undefined, 'cross-site', 'no-cors')).body)).toBeUndefined();
    expect(answersIn((await t.request({ method: 'GET', url: '/agendar/ninguem-aqui' })).body)).toBeUndefined();
    expect(answersIn((await call('/agendar/ninguem-aqui', undefined, 'cross-site')).body)).toBeDefined();

    const ended = answersIn((await call('/agenda', 'sid=desconhecido')).body)!;
    expect(Object.keys(ended)).toEqual(['/v1/users/me']);
    expect(ended['/v1/users/me']!.status).toBe(401);
    const portal = answersIn((await call('/portal', 'portal_sid=desconhecido')).body)!;
    expect(Object.values(portal).map((answer) => answer.status)).toEqual([401]);
    // The portal's sign-in link signs in first: nothing is asked before it.
    expect(answersIn((await call('/portal?token=abc', 'portal_sid=desconhecido')).body)).toBeUndefined();
  });

  it("passes on the cookie of a session its calls extended, so the browser's session goes on", async () => {
    const { cookie } = await newSignedInUser(t);
    t.clock.advance(t.config.sessionTtlSeconds * 0.6);
    const page = await call('/dashboard', cookie);
    expect(answersIn(page.body)!['/v1/users/me']!.status).toBe(200);
    const renewed = page.cookies.find((candidate) => candidate.name === 'sid');
    expect(renewed?.value).toBe(cookie.slice('sid='.length));
    expect(renewed?.maxAge).toBeGreaterThan(t.config.sessionTtlSeconds * 0.9);
  });

  it('answers hostile addresses with the page or a 4xx, and every call of the page without a failure', async () => {
    const owner = await newSignedInUser(t);
    const linesBefore = logLines.length;
    expect((await call('/agendar/%E0%A4%A')).statusCode).toBe(400);
    for (const slug of ['a%2Fb', 'x'.repeat(3000), '%3Cscript%3E']) {
      const page = await call(`/agendar/${slug}`);
      expect(page.statusCode).toBe(200);
      expect(Object.values(answersIn(page.body)!).map((answer) => answer.status)).toEqual([404]);
    }
    const search = answersIn((await call('/patients?q=%00%3C%2F', owner.cookie)).body)!;
    expect(search['/v1/users/me']!.status).toBe(200);
    expect(Object.values(search).every((answer) => answer.status < 500)).toBe(true);
    expect(Object.keys(search)).toHaveLength(2);
    expect((await call('/dashboard/../v1/users/me', 'sid=desconhecido')).statusCode).toBe(401);
    expect(logLines.slice(linesBefore).filter((line) => line.includes('first answer'))).toEqual([]);
  });
});

describe("the page's files named in its HTML (issue 34)", () => {
  const linksIn = (html: string) => [...html.matchAll(/<link rel="(stylesheet|modulepreload)" crossorigin href="([^"]+)">/g)].map(([, rel, href]) => `${rel} ${href}`);
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("names a signed-in page's style sheets and scripts in its head, after the page's own, only to a visitor with a session cookie", async () => {
    const { cookie } = await newSignedInUser(t);
    const page = await t.request({ method: 'GET', url: '/patients?q=Lia', headers: { cookie, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' } });
    expect(page.statusCode).toBe(200);
    expect(linksIn(headOf(page.body))).toEqual(['stylesheet /assets/layout-A1.css', 'modulepreload /assets/app-B2.js', 'modulepreload /assets/patients-page-C3.js']);
    expect(headOf(page.body)).toContain('<title>Consultório</title>');
    // A fetch that is not a navigation gets no answers but still the files, and may be revalidated.
    const fetched = await t.request({ method: 'GET', url: '/patients/', headers: { cookie } });
    expect(fetched.headers['cache-control']).toBe('no-cache');
    expect(linksIn(fetched.body)).toHaveLength(3);
    // Revalidated with its validator: unchanged, a 304 without a body (weak comparison, in a list).
    const etag = String(fetched.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const revalidated = await t.request({ method: 'GET', url: '/patients/', headers: { cookie, 'if-none-match': `"other", ${etag.slice(2)}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    const otherPage = await t.request({ method: 'GET', url: '/agendar/ana-souza', headers: { 'if-none-match': etag } });
    expect(otherPage.statusCode).toBe(200);
    expect(linksIn(otherPage.body)).toEqual(['modulepreload /assets/booking-page-D4.js']);
    expect(otherPage.headers.etag).toMatch(/^W\//);
    expect(otherPage.headers.etag).not.toBe(etag);
    expect(linksIn((await t.request({ method: 'GET', url: '/patients' })).body)).toEqual([]);
  });

  it("names a patient's page's files without any cookie, and none for the login page or an address the build did not list", async () => {
    expect(linksIn((await t.request({ method: 'GET', url: '/agendar/ana-souza' })).body)).toEqual(['modulepreload /assets/booking-page-D4.js']);
    expect(linksIn((await t.request({ method: 'GET', url: '/' })).body)).toEqual([]);
    expect(linksIn((await t.request({ method: 'GET', url: '/register', headers: { cookie: 'sid=x' } })).body)).toEqual([]);
    expect(linksIn((await t.request({ method: 'GET', url: '/patients/p-1/records', headers: { cookie: 'sid=x' } })).body)).toEqual([]);
  });

  it('serves the page as it is when the file is broken or names something other than an asset, and picks up a new build without a restart', async () => {
    const file = path.join(webDist, 'page-preloads.json');
    try {
      for (const broken of ['{', JSON.stringify([{ ...pagePreloads[1], scripts: ['"><script>alert(1)</script>'] }])]) {
        await writeFile(file, broken);
        const page = await t.request({ method: 'GET', url: '/agendar/ana-souza' });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain('<script>alert');
        expect(linksIn(page.body)).toEqual([]);
      }
      await writeFile(file, JSON.stringify([{ ...pagePreloads[1], scripts: ['/assets/booking-page-E5.js'] }]));
      expect(linksIn((await t.request({ method: 'GET', url: '/agendar/ana-souza' })).body)).toEqual(['modulepreload /assets/booking-page-E5.js']);
    } finally {
      await writeFile(file, JSON.stringify(pagePreloads));
    }
  });
});
