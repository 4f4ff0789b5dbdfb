import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { fastifyRequestContext } from '@fastify/request-context';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { messages } from '@consultorio/shared';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { extendOpenSeries, queueDueReminders } from './modules/agenda/agenda.service';
import { writeEntries } from './modules/audit/audit.service';
import { apiModules } from './modules';
import { videoHubOf, type VideoHub } from './modules/video/video.hub';
import { queueDueMeasurements } from './modules/measurement/measurement.service';
import { sessionScope } from './modules/sessions/sessions.routes';
import { sessionUser } from './modules/sessions/sessions.service';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue';
import { createChatModel } from './platform/ai';
import { systemClock, type Clock } from './platform/clock';
import { defaultLoginThrottlePolicy, type Context, type LoginThrottlePolicy } from './platform/context';
import { handleError, sendFailure } from './platform/error-handler';
import { firstAnswersOf, htmlWithFirstAnswers } from './platform/first-answers';
import { builtFileReader, htmlEtag, htmlWithPreloads, isNotModified, pagePreloadsReader } from './platform/page-preloads';
import type { ModuleRuntime } from './platform/api-module';
import { Hooks } from './platform/hooks';
import type { AccessEntry } from './platform/access-log';
import { SESSION_COOKIE } from './platform/http';
import { createSerializerCompiler } from './platform/json-serializer';
import { contextualLogger, requestIdOf } from './platform/log-context';
import { createMetrics } from './platform/metrics';
import { addOperationalHooks, addOperationalRoutes, drain, watchSilentConnections, type Lifecycle } from './platform/operations';
import { OneLinePerRequest } from './platform/request-log';
import { documentedSchema } from './platform/routes';
import { addSecurityHeaders, securityOptions } from './platform/security-headers';
import { followSessionChanges, SessionCache } from './platform/session-cache';
import { createTextExtractor } from './platform/text-extraction';
import { createStripeClient } from './platform/payments/stripe';
import type { Mailer } from './platform/mail/mailer';
import type { Storage } from './platform/storage/storage';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  clock?: Clock;
  loginThrottle?: LoginThrottlePolicy;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: a session cache kept longer than SESSION_CACHE_MS allows, to show that notifications alone end sessions. */
  sessionCacheMs?: number;
}

const API_PREFIX = '/v1';

/** A route as Fastify registered it, for the checks that walk every route. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: { response?: Record<string, unknown>; hide?: boolean } | undefined;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const logging = deps.logger === false ? undefined : contextualLogger(typeof deps.logger === 'object' ? deps.logger : { level: deps.config.logLevel });
  const app = Fastify({
    logger: logging?.options ?? false,
    logController: new OneLinePerRequest(),
    genReqId: requestIdOf,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Malformed URLs and over-long path parameters are answered by the router itself; send them
    // through the same handler so they get the envelope too.
    frameworkErrors: handleError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ crossCheck: deps.config.env !== 'production' }));
  app.setErrorHandler(handleError);
  // JSON and multipart only: anything else is answered 415 instead of reaching validation.
  app.removeContentTypeParser('text/plain');
  logging?.adopt(app.log);
  for (const warning of deps.config.warnings) app.log.warn(warning);

  const jobs = createJobQueue(deps.database.sql, deps.config.jobs, app.log);
  const lifecycle: Lifecycle = { shuttingDown: false };
  const metrics = deps.config.metricsToken ? createMetrics(deps.config.metricsToken, jobs, app.log) : undefined;
  addOperationalHooks(app, { lifecycle, metrics });
  const sessionCacheMs = deps.sessionCacheMs ?? deps.config.sessionCacheMs;
  const sessionCache = new SessionCache({ ttlMs: sessionCacheMs });
  const ctx: Context = {
    db: deps.database.db,
    config: deps.config,
    mailer: deps.mailer,
    storage: deps.storage,
    clock: deps.clock ?? systemClock,
    log: app.log,
    jobs,
    loginThrottle: deps.loginThrottle ?? defaultLoginThrottlePolicy,
    ai: createChatModel(deps.config.ai, app.log),
    extractor: createTextExtractor(deps.config.extraction, app.log),
    stripe: deps.config.stripe ? await createStripeClient(deps.config.stripe) : undefined,
    sessionCache,
    hooks: new Hooks(),
  };
  for (const apiModule of apiModules) for (const subscription of apiModule.hooks ?? []) ctx.hooks.add(ctx, subscription);
  app.addHook('onClose', await followSessionChanges(sessionCache, deps.database, sessionCacheMs));
  app.addHook('onClose', () => ctx.extractor.close());
  for (const apiModule of apiModules) if (apiModule.close) app.addHook('onClose', apiModule.close);
  const runtimes = await startModules(app, ctx, deps.database);
  app.decorate('jobs', jobs);
  const silentConnections = watchSilentConnections(app.server);
  app.decorate('drain', (timeoutMs: number) => {
    lifecycle.shuttingDown = true;
    for (const runtime of runtimes) runtime.endStreams?.();
    return drain({ server: app.server, silent: silentConnections }, jobs, timeoutMs);
  });
  for (const apiModule of apiModules) apiModule.jobs?.(ctx);
  // Workers start once the app is ready and stop (letting running jobs finish) before it closes.
  app.addHook('onReady', () => jobs.startWhenPossible());
  app.addHook('preClose', () => jobs.stop());
  startTimers(app, ctx);
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) registeredRoutes.push({ method, url: options.url, schema: options.schema as RegisteredRoute['schema'] });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  app.decorate('agendaTick', async () => {
    await extendOpenSeries(ctx);
    const reminders = await queueDueReminders(ctx);
    await queueDueMeasurements(ctx);
    return reminders;
  });
  app.decorate('measurementTick', () => queueDueMeasurements(ctx));
  app.decorate('videoHub', videoHubOf(ctx));
  app.decorate('purgeExpired', async () => {
    await Promise.all(apiModules.flatMap((apiModule) => (apiModule.purge ? [apiModule.purge(ctx)] : [])));
  });

  addSecurityHeaders(app, securityOptions(deps.config.isHttps));
  await app.register(fastifyCookie);
  await registerCompression(app);
  // Each request collects the patient data it read or changed, written once it succeeds.
  // It also carries the request id to the log lines the services write.
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ accessLog: [], requestId: request.id }) });
  app.decorate('writeAccessLog', (request: FastifyRequest, entries: readonly AccessEntry[]) =>
    writeEntries(ctx, { userId: sessionUser(request).id, ip: request.ip }, entries),
  );
  await registerDocs(app);
  // Every API answer may carry health data: no cache, shared or private, keeps it (a route
  // that sets its own policy, such as a file, keeps that).
  // (A callback hook, not an async one: no promise and no extra turn on every answer.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // A practice app and its patients' form links must never be indexed.
    reply.header('x-robots-tag', 'noindex, nofollow');
    done(null, payload);
  });

  addOperationalRoutes(app, { lifecycle, metrics, sql: deps.database.sql });

  // Public routes answer without a session; every other route sits in the session scope, whose
  // hook answers 401 before the body is read.
  for (const apiModule of apiModules) if (apiModule.publicRoutes) await app.register(apiModule.publicRoutes(ctx));
  await app.register(sessionScope(ctx, apiModules.flatMap((apiModule) => (apiModule.routes ? [apiModule.routes(ctx)] : []))));

  await serveWebApp(app, deps.config, ctx.clock);
  return app;
}

/** What the modules run beside their routes, started before the routes are registered and stopped before the app closes. */
async function startModules(app: FastifyInstance, ctx: Context, database: Database): Promise<ModuleRuntime[]> {
  const runtimes: ModuleRuntime[] = [];
  for (const apiModule of apiModules) if (apiModule.start) runtimes.push(await apiModule.start(ctx, database));
  app.addHook('preClose', async () => {
    for (const runtime of runtimes) await runtime.stop();
  });
  return runtimes;
}

/** The modules' timers, on this instance from ready until it closes (their claims make each effect happen once whatever the number of instances). */
function startTimers(app: FastifyInstance, ctx: Context): void {
  let stops: Array<() => void> = [];
  app.addHook('onReady', () => {
    stops = apiModules.flatMap((apiModule) => (apiModule.timers ? [apiModule.timers(ctx)] : []));
  });
  app.addHook('preClose', () => stops.forEach((stop) => stop()));
}

/** JSON answers over this many bytes are compressed (smaller ones gain less than a packet). */
export const COMPRESS_THRESHOLD_BYTES = 4096;

/**
 * JSON answers only: static files come pre-compressed from the build, event streams must not be
 * buffered, and files (images, PDFs) gain nothing. Brotli at quality 4 costs about what gzip
 * level 6 does and is smaller; request bodies are never accepted compressed.
 */
async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
  });
}

async function registerDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Consultório API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      // Every operation names its own: the session, or none (`security: []`) for a public one.
      security: [{ session: [] }],
    },
    transform: documentedSchema,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

/** Vite names every file under assets/ by a hash of its content: a changed file gets a new name. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * The built web app, with every unknown non-API GET answered by index.html (client-side routes).
 * The build wrote a Brotli and a gzip copy of each text file, sent by Accept-Encoding; hashed
 * assets are cached for a year, everything else (index.html first) is revalidated on each load.
 */
async function serveWebApp(app: FastifyInstance, config: Config, clock: Clock) {
  const root = config.webDist ?? defaultWebDist();
  const hasWebApp = existsSync(path.join(root, 'index.html'));
  const assetsDir = path.join(root, 'assets') + path.sep;
  const indexHtml = builtFileReader(path.join(root, 'index.html'));
  const pagePreloads = pagePreloadsReader(path.join(root, 'page-preloads.json'));
  if (hasWebApp) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? HASHED_ASSET_CACHE : 'no-cache');
      },
    });
  }
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send('User-agent: *\nDisallow: /\n'),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX;
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWebApp && request.method === 'GET') {
      const [firstAnswers, preload] = await Promise.all([
        firstAnswersOf(app, request, clock).catch((error: unknown) => {
          request.log.warn({ err: error }, 'first answers not written');
          return undefined;
        }),
        pagePreloads(request.url, request.cookies[SESSION_COOKIE] !== undefined).catch((error: unknown) => {
          request.log.warn({ err: error }, 'page preloads not written');
          return undefined;
        }),
      ]);
      const html = firstAnswers || preload ? await indexHtml() : undefined;
      if (html === undefined) return reply.sendFile('index.html');
      const withPreloads = preload ? htmlWithPreloads(html, preload) : html;
      if (!firstAnswers) {
        // The same for every visitor with a session cookie: revalidated on each load, a 304 when unchanged.
        const etag = htmlEtag(withPreloads);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
        return isNotModified(request.headers['if-none-match'], etag) ? reply.code(304).send() : reply.send(withPreloads);
      }
      // A session the page's calls extended: the browser's cookie follows, as after any call.
      if (firstAnswers.setCookies.length > 0) reply.header('set-cookie', firstAnswers.setCookies);
      // One visitor's data: never kept by a cache, nor shown again from the history.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlWithFirstAnswers(withPreloads, firstAnswers.answers));
    }
    return sendFailure(request, reply, { status: 404, code: 'ROUTE_NOT_FOUND', message: messages.errors.routeNotFound });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /**
     * Graceful shutdown, before `close`: readiness answers 503, no new connection is accepted, the
     * requests in flight and the running jobs finish, within `timeoutMs` (then they are cut).
     */
    drain(timeoutMs: number): Promise<{ connectionsCut: boolean }>;
    /** Tests only: this instance's relay of the video rooms' signals. */
    videoHub: VideoHub;
    /** Every route added, in the order Fastify registered them. */
    registeredRoutes: readonly RegisteredRoute[];
    /** Removes expired sessions, registrations, recovery passwords and stale rate counters. */
    purgeExpired(): Promise<void>;
    /** What the agenda's timers do, at once: books open series ahead, queues the reminders due (answers how many) and the measurement plans' occurrences due. */
    agendaTick(): Promise<number>;
    /** What the measurement plans' timer does, at once: queues the occurrences due (answers how many). */
    measurementTick(): Promise<number>;
  }
}
