import fastifyMultipart from '@fastify/multipart';
import { errorEnvelope, limits, multipartBodySchema, type ApiRoute, type ErrorCodes, type ErrorStatus, type RouteData, type SuccessStatus } from '@consultorio/shared';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault, RouteGenericInterface, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeNotedAccess } from './access-log';
import { send } from './http';
import { holdErrorsUntilSent } from './streams';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of a route, typed by its contract's schemas (already validated when the handler runs). */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<
  RouteGenericInterface & { Params: Output<R['params']>; Querystring: Output<R['query']>; Body: Output<R['body']> },
  RawServerDefault
>;

/** What a handler answers: the envelope's data, and a message the client shows as a toast. */
export interface Answer<R extends ApiRoute> {
  data: RouteData<R>;
  message?: string;
}

/** What each failure status means, for the OpenAPI document; the message itself is in Portuguese. */
const failureDescriptions: Record<ErrorStatus, string> = {
  400: 'Invalid input: the first failing rule, in the message',
  401: 'No valid session (or wrong credentials at login)',
  403: 'Not allowed (e.g. the plan’s patient limit)',
  404: 'Not found, or not the session’s user’s',
  409: 'Conflict with the current state',
  410: 'Gone: the link has expired',
  413: 'Body or file too large',
  415: 'Unsupported content type',
  423: 'Locked',
  429: 'Too many requests',
  500: 'Unexpected error (no details are sent)',
  503: 'A service the route needs is unavailable',
  504: 'A service the route needs took too long',
};

const successDescriptions: Record<SuccessStatus, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** The answers of a route as Fastify declares them: its success answer and every failure with the error envelope. */
function responseSchemas(route: ApiRoute): Record<number, unknown> {
  const successTypes = route.raw === undefined ? ['application/json'] : [route.raw].flat();
  const successContent = Object.fromEntries(successTypes.map((type) => [type, { schema: route.response }]));
  const answers: Record<number, unknown> = {
    [route.status]: { description: successDescriptions[route.status], content: successContent },
  };
  for (const status of route.errorStatuses) {
    const codes = route.errorCodes[status] ?? [];
    const description = codes.length === 0 ? failureDescriptions[status] : `${failureDescriptions[status]}. Codes: ${codes.join(', ')}`;
    answers[status] = { description, content: { 'application/json': { schema: errorEnvelope } } };
  }
  return answers;
}

/**
 * The failures' schemas as the OpenAPI document shows them: the error envelope whose `code` is
 * one of those the route answers with that status (Fastify itself writes every failure with
 * `errorEnvelope`, whatever its code).
 */
function documentedFailures(response: Record<string, unknown>, errorCodes: ErrorCodes): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response).map(([status, answer]) => {
      const codes = errorCodes[Number(status) as ErrorStatus] ?? [];
      if (codes.length === 0) return [status, answer];
      const schema = errorEnvelope.extend({ code: z.enum(codes as [string, ...string[]]).describe('A stable code naming the failure') });
      return [status, { ...(answer as object), content: { 'application/json': { schema } } }];
    }),
  );
}

/**
 * The Fastify schema of a route: its inputs, its answers and how it shows in the OpenAPI document
 * (a public route says it needs no session; a multipart body, which the handler reads as it
 * arrives, is described for the document only: see `documentedSchema`).
 */
export function routeSchema(route: ApiRoute) {
  return {
    tags: [route.tag],
    security: route.access === 'session' ? [{ session: [] }] : [],
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.multipart ? { consumes: ['multipart/form-data'], [MULTIPART_BODY]: multipartBodySchema(route.multipart) } : {}),
    ...(route.rawBody ? { consumes: [route.rawBody] } : {}),
    response: responseSchemas(route),
    [ERROR_CODES]: route.errorCodes,
  };
}

/** Where a route's schema keeps its multipart body's description, out of Fastify's validation. */
const MULTIPART_BODY = 'multipartBody';
/** Where it keeps the codes of its failures, for the document only. */
const ERROR_CODES = 'errorCodes';

/**
 * @fastify/swagger's transform: a route's zod schemas as JSON Schema, its multipart body
 * described as the request body of `multipart/form-data` (Fastify itself never sees it as one).
 */
export function documentedSchema(input: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const { [MULTIPART_BODY]: multipartBody, [ERROR_CODES]: errorCodes, ...schema } = (input.schema ?? {}) as Record<string, unknown>;
  const response = schema.response && errorCodes ? documentedFailures(schema.response as Record<string, unknown>, errorCodes) : schema.response;
  const documented = { ...schema, ...(response ? { response } : {}), ...(multipartBody ? { body: multipartBody } : {}) };
  return jsonSchemaTransform({ ...input, schema: documented });
}

/** A module's routes: a plugin that adds them with `route` and `rawRoute`. */
export type RoutesPlugin = FastifyPluginAsync;

const SESSION_SCOPE = 'requiresSession';

/**
 * A route whose contract says `session` must sit in the session scope (whose onRequest hook
 * answers 401 before anything else), a public one outside it: checked when the route is added,
 * so a route cannot end up unprotected by mistake. This marks the session scope.
 */
export function markSessionScope(app: FastifyInstance): void {
  app.decorate(SESSION_SCOPE, true);
}

function assertScope(app: FastifyInstance, route: ApiRoute): void {
  const inSessionScope = app.hasDecorator(SESSION_SCOPE);
  if (inSessionScope !== (route.access === 'session')) {
    throw new Error(`${route.method} ${route.path}: a ${route.access} route registered in the ${inSessionScope ? 'session' : 'public'} scope`);
  }
}

function register<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<unknown>,
  hooks: Pick<RouteOptions, 'onSend'> = {},
): void {
  assertScope(app, route);
  const options = {
    ...hooks,
    method: route.method,
    url: route.path,
    ...(route.maxBodyBytes ? { bodyLimit: route.maxBodyBytes } : {}),
    config: { allowedDuringPasswordChange: route.allowedDuringPasswordChange === true },
    schema: routeSchema(route),
    handler: (request: FastifyRequest, reply: FastifyReply) => handler(request as RouteRequest<R>, reply),
  };
  if (!route.multipart) {
    app.route(options);
    return;
  }
  // Only a route that takes a multipart body gets @fastify/multipart: its parser and its hooks
  // (an onRequest and an onResponse on every request it sees) stay in a scope of their own.
  // Anywhere else a multipart body is answered 415, like any type but JSON.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: limits.avatarMaxBytes, files: 1 } });
    scope.route(options);
  });
}

/**
 * Adds the handler of a JSON route: it gets the validated request (and the reply, for headers
 * such as a cookie) and returns the answer's data and message, sent in the envelope with the
 * contract's status.
 */
export function route<R extends ApiRoute>(
  app: FastifyInstance,
  contract: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<Answer<R>>,
): void {
  register(app, contract, async (request, reply) => {
    const { data, message } = await handler(request, reply);
    const written = writeNotedAccess(request);
    if (written) await written;
    return send(reply, contract.status, data, message);
  });
}

/**
 * A file's access is written before its first byte leaves (onSend runs before the headers): a
 * patient's file that went out is always in the log, and one whose entry cannot be written does
 * not go out: the failure is answered instead, without the file's name (a download link would
 * save the error under it), and the file's stream is destroyed.
 */
async function writeAccessBeforeSending(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // A failure's answer (the handler threw after noting) leaves nothing in anyone's log.
  if (reply.statusCode >= 400) return payload;
  if (payload instanceof Readable) holdErrorsUntilSent(payload);
  try {
    await writeNotedAccess(request);
  } catch (error) {
    if (payload instanceof Readable) payload.destroy();
    reply.removeHeader('content-disposition');
    throw error;
  }
  return payload;
}

/** Adds the handler of a route that writes its own answer (a file, a stream of events). */
export function rawRoute<R extends ApiRoute & { raw: NonNullable<ApiRoute['raw']> }>(
  app: FastifyInstance,
  contract: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<unknown>,
): void {
  const handle = async (request: RouteRequest<R>, reply: FastifyReply) => {
    const result = await handler(request, reply);
    // A stream of events took the connection over (hijacked: no onSend) and is under way: its
    // log is written now, and a failure to write it is logged, not answered. Any other answer
    // (not yet sent, or sent whole) has its log written by onSend.
    // A failure the handler answered itself (a 4xx) leaves nothing, as in onSend.
    if (reply.sent && reply.statusCode < 400) await writeNotedAccess(request)?.catch((error: unknown) => request.log.error({ err: error }, 'access log not written'));
    return result;
  };
  register(app, contract, handle, { onSend: writeAccessBeforeSending });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the route's contract: a session that must set a new password may still call it. */
    allowedDuringPasswordChange?: boolean;
  }
}
