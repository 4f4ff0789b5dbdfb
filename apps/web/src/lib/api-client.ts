import { messages } from '@consultorio/shared';

/** Every API answer is this envelope; `status` repeats the HTTP status. */
export interface ApiResponse<T> {
  status: number;
  data: T;
  message?: string;
}

/** A failed call: `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const NETWORK_ERROR_STATUS = 0;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** A plain value is sent as JSON; a FormData as multipart. */
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
}

interface Envelope {
  data: unknown;
  message: string | undefined;
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
  return isAbortError(error) ? error : new ApiError(NETWORK_ERROR_STATUS, messages.errors.network);
}

function buildInit(method: HttpMethod, options: RequestOptions, accept: string): RequestInit {
  const headers: Record<string, string> = { Accept: accept };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'include', signal: options.signal };
}

export function createApiClient({ baseUrl }: ApiClientOptions = {}) {
  let unauthorizedHandler: (() => void) | undefined;

  /** Registers what a 401 does (the app logs out); returns a function that unregisters it. */
  function setUnauthorizedHandler(handler: () => void): () => void {
    unauthorizedHandler = handler;
    return () => {
      if (unauthorizedHandler === handler) unauthorizedHandler = undefined;
    };
  }

  function urlOf(path: string): string {
    return baseUrl === undefined ? path : new URL(path, baseUrl).toString();
  }

  /** The failure of a non-2xx answer; a 401 ends the session first, unless turned off. */
  function failureOf(response: Response, envelope: Envelope | undefined, options: RequestOptions): ApiError {
    if (response.status === 401 && options.handleUnauthorized !== false) unauthorizedHandler?.();
    return new ApiError(response.status, envelope?.message ?? messages.errors.generic);
  }

  /** Sends the call; a server that cannot be reached fails as a network error. */
  async function send(method: HttpMethod, path: string, options: RequestOptions, accept: string): Promise<Response> {
    try {
      return await fetch(urlOf(path), buildInit(method, options, accept));
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

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const response = await send(method, path, options, 'application/json');
    const envelope = await envelopeOf(response);
    if (!response.ok) throw failureOf(response, envelope, options);
    return { status: response.status, data: (envelope?.data ?? null) as T, message: envelope?.message };
  }

  /**
   * A POST answered with server-sent events: resolves with the stream's body as soon as the
   * answer starts. Any other answer (a validation error, 401, 404...) is read as the usual
   * envelope and fails with its ApiError, a 401 ending the session like any other call.
   */
  async function openEventStream(
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const response = await send('POST', path, { ...options, body }, 'text/event-stream');
    const isEventStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    if (response.ok && isEventStream && response.body) return response.body;
    const envelope = await envelopeOf(response);
    // A 2xx that is not a stream is not part of the contract: a failure all the same.
    throw response.ok ? new ApiError(response.status, messages.errors.generic) : failureOf(response, envelope, options);
  }

  return {
    setUnauthorizedHandler,
    openEventStream,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  };
}

/** The one client the app uses; paths are relative to the page's origin. */
export const apiClient = createApiClient();
