import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { limits, messages } from '@consultorio/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { resolveSession } from './modules/auth/auth.service';
import { filesRoutes } from './modules/files/files.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { formsRoutes } from './modules/forms/forms.routes';
import { qaTemplatesRoutes } from './modules/qa-templates/qa-templates.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { assistantsRoutes } from './modules/assistants/assistants.routes';
import { chatsRoutes } from './modules/chats/chats.routes';
import { usersRoutes } from './modules/users/users.routes';
import { BackgroundTasks } from './platform/background-tasks';
import { createChatModel } from './platform/ai';
import { systemClock, type Clock } from './platform/clock';
import { defaultLoginThrottlePolicy, type Context, type LoginThrottlePolicy } from './platform/context';
import { handleError } from './platform/error-handler';
import { AppError } from './platform/errors';
import { SESSION_COOKIE, setSessionCookie } from './platform/http';
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
}

const API_PREFIX = '/v1';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Malformed URLs and over-long path parameters are answered by the router itself; send them
    // through the same handler so they get the envelope too.
    frameworkErrors: handleError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // JSON and multipart only: anything else is answered 415 instead of reaching validation.
  app.removeContentTypeParser('text/plain');

  const tasks = new BackgroundTasks(app.log);
  const ctx: Context = {
    db: deps.database.db,
    config: deps.config,
    mailer: deps.mailer,
    storage: deps.storage,
    clock: deps.clock ?? systemClock,
    log: app.log,
    tasks,
    loginThrottle: deps.loginThrottle ?? defaultLoginThrottlePolicy,
    ai: createChatModel(deps.config.ai, app.log),
  };
  app.decorate('tasks', tasks);
  app.addHook('onClose', () => tasks.drain());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // Over plain HTTP (a LAN address, say) upgrading would break every asset request.
        upgradeInsecureRequests: deps.config.isHttps ? [] : null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: limits.avatarMaxBytes, files: 1 } });
  await registerDocs(app);

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith(`${API_PREFIX}/`)) return;
    const session = await resolveSession(ctx, token);
    if (!session) return;
    request.session = { user: session.user, tokenHash: session.tokenHash };
    if (session.extended) setSessionCookie(reply, token, ctx.config.sessionTtlSeconds, ctx.config.isHttps);
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await deps.database.ping().catch(() => {
      throw new AppError('SERVICE_UNAVAILABLE');
    });
    return reply.send({ status: 'ok' });
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(filesRoutes(ctx));
      await api.register(patientsRoutes(ctx));
      await api.register(statsRoutes(ctx));
      await api.register(qaTemplatesRoutes(ctx));
      await api.register(formsRoutes(ctx));
      await api.register(recordsRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(assistantsRoutes(ctx));
      await api.register(chatsRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  await serveWebApp(app, deps.config);
  return app;
}

async function registerDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Consultório API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

/** The built web app, with every unknown non-API GET answered by index.html (client-side routes). */
async function serveWebApp(app: FastifyInstance, config: Config) {
  const root = config.webDist ?? defaultWebDist();
  const hasWebApp = existsSync(path.join(root, 'index.html'));
  if (hasWebApp) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root, wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX;
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWebApp && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, data: null, message: messages.errors.routeNotFound });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    tasks: BackgroundTasks;
  }
}
