import { z } from 'zod';

/**
 * One API route as both sides see it: method, path, who may call it, the schemas of what it
 * takes, and every status it can answer with the schema of each answer. The server registers
 * its handler from this, the OpenAPI document is generated from it, and the web client types
 * (and in development checks) its answers with it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 423 | 429 | 500 | 503 | 504;

/**
 * The codes a route answers with, by failure status (`{ 409: ['RECORD_VERSION_CONFLICT'] }`): the
 * API's modules declare each code once (`apps/api/src/modules/<m>/<m>.errors.ts`), the OpenAPI
 * document lists them under each answer, and the client branches on them.
 */
export type ErrorCodes = { readonly [S in ErrorStatus]?: readonly string[] };

/**
 * The answer to every failure: the HTTP status repeated, a stable code that tells failures of one
 * status apart (`RECORD_VERSION_CONFLICT`, `APPOINTMENT_OVERLAP`...; the client branches on it), no
 * data, a Portuguese message, and the request's id (also in the `x-request-id` header and in the
 * server's log lines about it).
 */
export const errorEnvelope = z.object({
  status: z.number().int(),
  code: z.string().describe('A stable code naming the failure, such as RECORD_VERSION_CONFLICT'),
  data: z.null(),
  message: z.string(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

// Answers that are not the JSON envelope: a stream of server-sent events, or a file; the range
// of every type for a stored file, sent as the type it was stored with.
export type RawAnswer = 'text/event-stream' | 'application/zip' | 'text/calendar' | 'application/pdf' | 'text/csv' | 'text/plain' | 'image/webp' | '*/*';

/** The body of a raw answer that is a file (a PDF, a ZIP, a stored file), for the OpenAPI document. */
export const binaryAnswer = (what: string) => z.string().meta({ format: 'binary' }).describe(what);

/**
 * A multipart body: the files in one field and text fields beside them. The handler reads it as
 * it arrives (no schema checks it whole); the server takes the field and the limits from here,
 * and the OpenAPI document describes it from here.
 */
export interface MultipartBody {
  /** The field the files come in, one part per file. */
  fileField: string;
  maxFiles: number;
  /** The largest file accepted (413 beyond it). */
  maxFileBytes: number;
  /** The media types accepted, told by the file's bytes; every type when absent. */
  fileTypes?: readonly string[];
  /** The text fields sent beside the files. */
  fields?: z.ZodObject;
}

const MEGABYTE = 1024 * 1024;

/** A multipart body as a schema, for the OpenAPI document only. */
export function multipartBodySchema({ fileField, maxFiles, maxFileBytes, fileTypes, fields }: MultipartBody): z.ZodObject {
  const accepted = fileTypes ? `type ${fileTypes.join(', ')} (told by its content)` : 'any type';
  const file = z.file().max(maxFileBytes).describe(`a file of ${accepted}, at most ${maxFileBytes / MEGABYTE} MB`);
  const files = maxFiles === 1 ? file : z.array(file).min(1).max(maxFiles).describe(`1 to ${maxFiles} files, each a part named ${fileField}`);
  return (fields ?? z.object({})).extend({ [fileField]: files });
}

export interface RouteSpec {
  method: HttpMethod;
  /** The full path, `:name` for a path parameter. */
  path: `/${string}`;
  /** 'session': the route answers 401 without a valid session, before its body is read. */
  access: 'session' | 'public';
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart body (files), read by the handler as it arrives rather than by a schema. */
  multipart?: MultipartBody;
  /** A raw body of this media type range (a chunk of audio: `audio/*`), the bytes as they are. */
  rawBody?: `${string}/*`;
  /** The largest body accepted (413 beyond it); the server's default when absent. */
  maxBodyBytes?: number;
  status: SuccessStatus;
  /** The success answer: the envelope's schema, or the body of a raw answer. */
  response: z.ZodType;
  /** The media type of a raw answer, or each it may come as. */
  raw?: RawAnswer | readonly RawAnswer[];
  /**
   * Failures particular to this route, each status with the codes it answers (a bare list of
   * statuses when its codes are not told); those that follow from its shape are added by `defineRoute`.
   */
  errors?: readonly ErrorStatus[] | ErrorCodes;
  /**
   * A session that must set a new password (after a login with a recovery password) may still
   * call this route; every other session route answers it 403.
   */
  allowedDuringPasswordChange?: true;
}

export type ApiRoute<S extends RouteSpec = RouteSpec> = S & {
  /** Every failure status the route can answer, each with `errorEnvelope`. */
  errorStatuses: readonly ErrorStatus[];
  /** The codes known for each of those statuses (the shape's and the route's own; none when not told). */
  errorCodes: ErrorCodes;
};

/**
 * The failures a route's shape implies, with their codes: bad input, a missing session (or one
 * that must first set a new password), an unknown id (its code is the route's), a body too large
 * or of the wrong type, and the unexpected.
 */
function impliedErrors(spec: RouteSpec): [ErrorStatus, string[]][] {
  const implied: [ErrorStatus, string[]][] = [[500, ['INTERNAL']]];
  const hasBody = spec.body !== undefined || spec.multipart !== undefined || spec.rawBody !== undefined;
  if (spec.params || spec.query || hasBody) implied.push([400, spec.body ? ['VALIDATION', 'INVALID_JSON'] : ['VALIDATION']]);
  if (spec.access === 'session') implied.push([401, ['UNAUTHORIZED']]);
  if (spec.access === 'session' && !spec.allowedDuringPasswordChange) implied.push([403, ['PASSWORD_CHANGE_REQUIRED']]);
  if (spec.params) implied.push([404, []]);
  if (hasBody) implied.push([413, ['BODY_TOO_LARGE']], [415, ['UNSUPPORTED_MEDIA_TYPE']]);
  return implied;
}

function isStatusList(errors: RouteSpec['errors']): errors is readonly ErrorStatus[] {
  return Array.isArray(errors);
}

/** The route's own failures as status and codes. */
function ownErrors(spec: RouteSpec): [ErrorStatus, readonly string[]][] {
  if (spec.errors === undefined) return [];
  if (isStatusList(spec.errors)) return spec.errors.map((status) => [status, []]);
  return Object.entries(spec.errors).map(([status, codes]) => [Number(status) as ErrorStatus, codes ?? []]);
}

export function defineRoute<const S extends RouteSpec>(spec: S): ApiRoute<S> {
  const codes = new Map<ErrorStatus, Set<string>>();
  for (const [status, statusCodes] of [...impliedErrors(spec), ...ownErrors(spec)]) {
    const known = codes.get(status) ?? new Set<string>();
    for (const code of statusCodes) known.add(code);
    codes.set(status, known);
  }
  const errorStatuses = [...codes.keys()].sort((a, b) => a - b);
  const errorCodes: ErrorCodes = Object.fromEntries(errorStatuses.map((status) => [status, [...codes.get(status)!].sort()]));
  return { ...spec, errorStatuses, errorCodes };
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

/** What a route takes in its path, query and body, as the caller writes them. */
export type RouteParams<R extends RouteSpec> = R['params'] extends z.ZodType ? SchemaInput<R['params']> : never;
export type RouteQuery<R extends RouteSpec> = R['query'] extends z.ZodType ? SchemaInput<R['query']> : never;
export type RouteBody<R extends RouteSpec> = R['body'] extends z.ZodType ? SchemaInput<R['body']> : never;

/** The `data` of a route's success answer. */
export type RouteData<R extends RouteSpec> = z.output<R['response']> extends { data: infer D } ? D : never;

// In a module without zod, so that calling a route by its path costs the login page no zod.
export { pathOf, urlOf } from './path';
