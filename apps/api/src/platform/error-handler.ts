import { messages } from '@consultorio/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDataException, isForeignKeyViolation, platformErrors } from './errors';
import { REQUEST_ID_HEADER } from './log-context';


/** What an error answer says: its status, its stable code and its Portuguese message. */
export interface Failure {
  status: number;
  code: string;
  message: string;
}

/** One of the platform's failures (`platformErrors`). */
function platformFailure(code: keyof typeof platformErrors): Failure {
  return { code, ...platformErrors[code] };
}

const bodyTooLarge = platformFailure('BODY_TOO_LARGE');
const unsupportedMediaType = platformFailure('UNSUPPORTED_MEDIA_TYPE');
const invalidBody = platformFailure('VALIDATION');
const invalidJson = platformFailure('INVALID_JSON');

/** Fastify's and its plugins' own error codes, answered in Portuguese. */
const frameworkErrors: Record<string, Failure> = {
  FST_ERR_CTP_BODY_TOO_LARGE: bodyTooLarge,
  FST_REQ_FILE_TOO_LARGE: platformFailure('FILE_TOO_LARGE'),
  FST_PARTS_LIMIT: bodyTooLarge,
  FST_FILES_LIMIT: bodyTooLarge,
  FST_FIELDS_LIMIT: bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedMediaType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: invalidBody,
  FST_ERR_CTP_INVALID_JSON_BODY: invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: invalidBody,
};

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  // A body that is not an object at all fails at the root: say so instead of zod's wording.
  if (!first || first.instancePath === '/') return messages.validation.invalidBody;
  return first.message ?? messages.validation.invalidBody;
}

function describe(error: FastifyError): Failure {
  if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) return { ...invalidBody, message: validationMessage(error) };
  const known = frameworkErrors[error.code];
  if (known) return known;
  if (error instanceof SyntaxError) return invalidJson;
  if (isDataException(error)) return invalidBody;
  if (isForeignKeyViolation(error)) return platformFailure('NOT_FOUND');
  const status = error.statusCode ?? 500;
  if (status === 429) return platformFailure('TOO_MANY_REQUESTS');
  if (status >= 400 && status < 500) return { ...invalidBody, status };
  return platformFailure('INTERNAL');
}

/** Headers that described a file answer, which an error now replaces. */
const fileAnswerHeaders = ['content-type', 'content-disposition', 'content-length', 'cache-control'];

/**
 * Forgets the headers of a file answer that failed before its first byte (a stored file that
 * could not be read): Fastify had already copied them onto the raw response, where they would
 * name the error a ZIP to download, and the envelope could not be sent as JSON.
 */
function dropFileAnswerHeaders(reply: FastifyReply): void {
  for (const name of fileAnswerHeaders) {
    reply.removeHeader(name);
    if (!reply.raw.headersSent) reply.raw.removeHeader(name);
  }
}

/** The error envelope, with the request's id: quoted by a user, it finds the request's log lines. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, { status, code, message }: Failure): void {
  dropFileAnswerHeaders(reply);
  // Also set here: the router's own errors (a malformed URL) come before the onRequest hooks.
  void reply.code(status).header(REQUEST_ID_HEADER, request.id).send({ status, code, data: null, message, requestId: request.id });
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const failure = describe(error);
  if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
  sendFailure(request, reply, failure);
}
