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

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
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

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = baseUrl === undefined ? path : new URL(path, baseUrl).toString();
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, buildInit(method, options));
      text = await response.text();
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError(NETWORK_ERROR_STATUS, messages.errors.network);
    }

    const envelope = parseEnvelope(text);
    if (!response.ok) {
      if (response.status === 401 && options.handleUnauthorized !== false) unauthorizedHandler?.();
      throw new ApiError(response.status, envelope?.message ?? messages.errors.generic);
    }
    return { status: response.status, data: (envelope?.data ?? null) as T, message: envelope?.message };
  }

  return {
    setUnauthorizedHandler,
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one client the app uses; paths are relative to the page's origin. */
export const apiClient = createApiClient();
