import {
  messages,
  urlOf,
  type ApiRoute,
  type RouteBody,
  type RouteData,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
} from '@consultorio/shared';
import { takeFirstAnswer } from './first-answers';

/** Every API answer is this envelope; `status` repeats the HTTP status. */
export interface ApiResponse<T> {
  status: number;
  data: T;
  message?: string;
}

/**
 * A failed call: `status` is the HTTP status, or 0 when the server could not be reached; `code`
 * is the server's stable name of the failure (null when it sent none, or was not reached).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null = null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Whether the call failed with this code: the client branches on codes, never on bare statuses. */
export function hasErrorCode(error: unknown, ...codes: readonly string[]): error is ApiError {
  return error instanceof ApiError && error.code !== null && codes.includes(error.code);
}

export const NETWORK_ERROR_STATUS = 0;

export interface RequestOptions {
  /** A plain value is sent as JSON; a FormData as multipart; a Blob as itself, with its type. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401 answer ends the session. The session check and the login itself answer
   * 401 as a normal result (offline, wrong credentials), so they turn this off.
   */
  handleUnauthorized?: boolean;
}

export interface ApiClientOptions {
  /** Origin the paths are resolved against; the page's own origin when absent. */
  baseUrl?: string;
  /**
   * What to do with a success answer that its route's response schema does not accept: fail the
   * call (tests, so a mocked answer cannot drift from the contract), log it (development), or
   * nothing (production, where the server's serializer already enforces the schema).
   */
  checkAnswers?: 'throw' | 'warn' | 'off';
}

/**
 * A route named by its method and path alone, typed by the contract route `R` it stands for
 * (the compiler checks both against it). The first load (session check, login) calls the API
 * through these: the contract's route objects carry their zod schemas, and importing one
 * would put zod into the login page's JavaScript.
 */
export interface RouteRef<R extends ApiRoute> {
  method: R['method'];
  path: R['path'];
  /** Never set: it only carries the contract route's type. */
  readonly contract?: R;
}

export function routeRef<R extends ApiRoute>(method: R['method'], path: R['path']): RouteRef<R> {
  return { method, path };
}

/** What a call to `route` sends: its path parameters, query and body, each only when the route has them. */
export type CallInput<R extends RouteSpec> = (R['params'] extends object ? { params: RouteParams<R> } : { params?: never }) &
  (R['query'] extends object ? { query?: RouteQuery<R> } : { query?: never }) &
  (R['body'] extends object
    ? { body: RouteBody<R> }
    : R['multipart'] extends object
      ? { body: FormData }
      : R['rawBody'] extends string
        ? { body: Blob }
        : { body?: never }) &
  Omit<RequestOptions, 'body'>;

class AnswerOutsideContract extends Error {
  override readonly name = 'AnswerOutsideContract';
}

interface Envelope {
  data: unknown;
  message: string | undefined;
  code: string | null;
  /** The whole answer as parsed, for the contract check. */
  raw: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseEnvelope(text: string): Envelope | undefined {
  if (text === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return undefined;
    return {
      data: parsed.data ?? null,
      message: typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : undefined,
      code: typeof parsed.code === 'string' && parsed.code !== '' ? parsed.code : null,
      raw: parsed,
    };
  } catch {
    return undefined;
  }
}

/** A call cancelled through its signal: passed on as is, never turned into an ApiError. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What a failure to reach the server (or to read its answer) is thrown as; an abort stays an abort. */
function networkFailure(error: unknown): unknown {
  return isAbortError(error) ? error : new ApiError(NETWORK_ERROR_STATUS, messages.requestErrors.network);
}

function buildInit(method: ApiRoute['method'], options: RequestOptions, accept: string): RequestInit {
  const headers: Record<string, string> = { Accept: accept };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A raw body (a chunk of audio), sent as its own type.
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'include', signal: options.signal };
}

/** The file name of a Content-Disposition header (its UTF-8 `filename*` first), or null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // A malformed encoding: the plain name below, if any.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? /filename=([^;\s]+)/i.exec(header)?.[1] ?? null;
}

export function createApiClient({ baseUrl, checkAnswers = 'off' }: ApiClientOptions = {}) {
  let unauthorizedHandler: (() => void) | undefined;

  /** Registers what a 401 does (the app logs out); returns a function that unregisters it. */
  function setUnauthorizedHandler(handler: () => void): () => void {
    unauthorizedHandler = handler;
    return () => {
      if (unauthorizedHandler === handler) unauthorizedHandler = undefined;
    };
  }

  function absoluteUrl(path: string): string {
    return baseUrl === undefined ? path : new URL(path, baseUrl).toString();
  }

  /** The failure of a non-2xx answer; a 401 ends the session first, unless turned off. */
  function failureOf(response: Response, envelope: Envelope | undefined, options: RequestOptions): ApiError {
    if (response.status === 401 && options.handleUnauthorized !== false) unauthorizedHandler?.();
    return new ApiError(response.status, envelope?.message ?? messages.requestErrors.generic, envelope?.code ?? null);
  }

  /** Sends the call; a server that cannot be reached fails as a network error. */
  async function send(method: ApiRoute['method'], path: string, options: RequestOptions, accept: string): Promise<Response> {
    const firstAnswer = baseUrl === undefined ? takeFirstAnswer(method, path) : undefined;
    if (firstAnswer) return firstAnswer;
    try {
      return await fetch(absoluteUrl(path), buildInit(method, options, accept));
    } catch (error) {
      throw networkFailure(error);
    }
  }

  /** The envelope of an answer that is not a stream; a body cut short fails as a network error. */
  async function envelopeOf(response: Response): Promise<Envelope | undefined> {
    try {
      return parseEnvelope(await response.text());
    } catch (error) {
      throw networkFailure(error);
    }
  }

  /** Holds a success answer against its route's schema, as `checkAnswers` says. */
  function checkAnswer(route: ApiRoute | RouteRef<ApiRoute>, body: unknown): void {
    // A route reference has no schema: its answers are checked where the contract route is used.
    if (checkAnswers === 'off' || !('response' in route)) return;
    const result = route.response.safeParse(body);
    if (result.success) return;
    const problem = `${route.method} ${route.path}: answer outside the contract: ${result.error.message}`;
    if (checkAnswers === 'throw') throw new AnswerOutsideContract(problem);
    console.warn(problem);
  }

  /** Calls a route of the contract; resolves with its answer's data, typed by the route's response schema. */
  async function call<R extends ApiRoute>(route: R | RouteRef<R>, input: CallInput<R>): Promise<ApiResponse<RouteData<R>>> {
    const { params, query, ...options } = input as RequestOptions & { params?: unknown; query?: unknown };
    const response = await send(route.method, urlOf(route, { params, query }), options, 'application/json');
    const envelope = await envelopeOf(response);
    if (!response.ok) throw failureOf(response, envelope, options);
    checkAnswer(route, envelope?.raw);
    return { status: response.status, data: (envelope?.data ?? null) as RouteData<R>, message: envelope?.message };
  }

  /**
   * A POST answered with server-sent events: resolves with the stream's body as soon as the
   * answer starts. Any other answer (a validation error, 401, 404...) is read as the usual
   * envelope and fails with its ApiError, a 401 ending the session like any other call.
   */
  async function openEventStream<R extends ApiRoute & { raw: 'text/event-stream' }>(
    route: R,
    input: CallInput<R>,
  ): Promise<ReadableStream<Uint8Array>> {
    const { params, query, ...options } = input as RequestOptions & { params?: unknown; query?: unknown };
    const response = await send(route.method, urlOf(route, { params, query }), options, 'text/event-stream');
    const isEventStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (response.ok && isEventStream && response.body) return response.body;
    const envelope = await envelopeOf(response);
    // A 2xx that is not a stream is not part of the contract: a failure all the same.
    throw response.ok ? new ApiError(response.status, messages.requestErrors.generic) : failureOf(response, envelope, options);
  }

  /**
   * A file route's answer as a Blob with the name its Content-Disposition gives, so that a refusal
   * (409, 401...) fails with the server's message instead of a failed download in the browser.
   */
  async function download<R extends ApiRoute & { raw: string | readonly string[] }>(route: R, input: CallInput<R>): Promise<{ blob: Blob; filename: string | null }> {
    const { params, query, ...options } = input as RequestOptions & { params?: unknown; query?: unknown };
    const response = await send(route.method, urlOf(route, { params, query }), options, '*/*');
    if (!response.ok) throw failureOf(response, await envelopeOf(response), options);
    try {
      return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) };
    } catch (error) {
      throw networkFailure(error);
    }
  }

  return { setUnauthorizedHandler, openEventStream, call, download };
}

/**
 * The one client the app uses; paths are relative to the page's origin. Answers are checked
 * against the contract in tests (a failure) and in development (a warning).
 */
export const apiClient = createApiClient({
  checkAnswers: import.meta.env.MODE === 'test' ? 'throw' : import.meta.env.DEV ? 'warn' : 'off',
});
