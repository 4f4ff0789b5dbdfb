import { messages } from '@consultorio/shared';

const e = messages.errors;

/** A catalogue of failures: each code's HTTP status and Portuguese message. */
export type ErrorDefinitions = Readonly<Record<string, { readonly status: number; readonly message: string }>>;

/** A module's codes as it declares them in its `<m>.errors.ts` (the manifest's `errors`). */
export function defineErrors<const E extends ErrorDefinitions>(errors: E): E {
  return errors;
}

/**
 * The failures that belong to no module: bad input, no session, an unknown id or route, a body
 * or upload too large, throttling, the server's own state and the AI service. Every module's own
 * codes are in its `modules/<m>/<m>.errors.ts`.
 */
export const platformErrors = defineErrors({
  VALIDATION: { status: 400, message: messages.validation.invalidBody },
  UNAUTHORIZED: { status: 401, message: e.unauthorized },
  NOT_FOUND: { status: 404, message: e.notFound },
  ATTACHMENTS_MISSING: { status: 400, message: e.attachmentsMissing },
  ATTACHMENT_TOO_LARGE: { status: 413, message: e.attachmentTooLarge },
  TOO_MANY_ATTACHMENTS: { status: 413, message: e.tooManyAttachments },
  AI_UNAVAILABLE: { status: 503, message: e.aiUnavailable },
  AI_TIMEOUT: { status: 504, message: e.aiTimeout },
  TOO_MANY_REQUESTS: { status: 429, message: e.tooManyRequests },
  FILE_MISSING: { status: 400, message: e.fileMissing },
  FILE_TOO_LARGE: { status: 413, message: e.fileTooLarge },
  BODY_TOO_LARGE: { status: 413, message: e.bodyTooLarge },
  FILE_TYPE_IMAGE: { status: 415, message: e.fileTypeImage },
  SERVICE_UNAVAILABLE: { status: 503, message: e.serviceUnavailable },
  SHUTTING_DOWN: { status: 503, message: e.shuttingDown },
  DATABASE_UNAVAILABLE: { status: 503, message: e.databaseUnavailable },
  MIGRATIONS_PENDING: { status: 503, message: e.migrationsPending },
  METRICS_UNAUTHORIZED: { status: 401, message: e.metricsUnauthorized },
  ROUTE_NOT_FOUND: { status: 404, message: e.routeNotFound },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: e.unsupportedMediaType },
  INVALID_JSON: { status: 400, message: e.invalidJson },
  INTERNAL: { status: 500, message: messages.requestErrors.generic },
});

type PlatformErrors = typeof platformErrors;

/**
 * Every code the API answers: the platform's, and each module's, which its `<m>.errors.ts` adds
 * to this interface (`declare module`), so that `new AppError(code)` only takes a declared code.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface ErrorCatalog extends PlatformErrors {}

export type ErrorCode = Extract<keyof ErrorCatalog, string>;

/** A declared code: who declares it, its status and message. */
export interface DeclaredError {
  owner: string;
  status: number;
  message: string;
}

/**
 * The platform's codes and those of the modules, by code; two declarations of one code are a
 * mistake (two meanings for what the client branches on), refused here with both owners named.
 */
export function errorCatalogOf(modules: readonly { name: string; errors?: ErrorDefinitions }[]): ReadonlyMap<string, DeclaredError> {
  const catalog = new Map<string, DeclaredError>();
  const declarers: [string, ErrorDefinitions][] = [['platform', platformErrors], ...modules.map((m): [string, ErrorDefinitions] => [m.name, m.errors ?? {}])];
  for (const [owner, errors] of declarers) {
    for (const [code, { status, message }] of Object.entries(errors)) {
      const earlier = catalog.get(code);
      if (earlier) throw new Error(`error code ${code} is declared by both ${earlier.owner} and ${owner}`);
      catalog.set(code, { owner, status, message });
    }
  }
  return catalog;
}

let catalog: ReadonlyMap<string, DeclaredError> = errorCatalogOf([]);

/** Makes the modules' codes those `AppError` knows (`modules/index.ts`, once the module list is loaded). */
export function registerErrors(modules: readonly { name: string; errors?: ErrorDefinitions }[]): void {
  catalog = errorCatalogOf(modules);
}

/** Every declared code, the platform's and the registered modules'. */
export function declaredErrors(): ReadonlyMap<string, DeclaredError> {
  return catalog;
}

/**
 * A mistake of the operator's at `npm run admin` (Portuguese, no stack trace): printed as is, and
 * the command stops with exit code 1. Told back as such when the command ran in the server.
 */
export class OperatorError extends Error {}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    const declared = catalog.get(code);
    if (!declared) throw new Error(`error code ${code} is declared by no registered module`);
    super(message ?? declared.message);
    this.status = declared.status;
  }
}

/** The database error itself (its SQLSTATE `code`, its `constraint`), as raised by pg and PGlite; drizzle wraps it as `cause`. */
function pgErrorOf(error: unknown): { code?: unknown; constraint?: unknown } {
  return ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; constraint?: unknown };
}

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a NUL character in text, a date out of
 * range...): input the schemas let through but the database cannot store. They are bad input.
 */
export function isDataException(error: unknown): boolean {
  const { code } = pgErrorOf(error);
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
}

/** PostgreSQL's foreign_key_violation: what the row points at was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error).code === '23503';
}
