import { messages } from '@consultorio/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDataException, isForeignKeyViolation } from './errors';
import { REQUEST_ID_HEADER } from './log-context';

const e = messages.errors;

/** Fastify's and its plugins' own error codes, answered in Portuguese. */
const frameworkErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: e.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: e.fileTooLarge },
  FST_PARTS_LIMIT: { status: 413, message: e.bodyTooLarge },
  FST_FILES_LIMIT: { status: 413, message: e.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: e.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: e.unsupportedMediaType },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: e.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.validation.invalidBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: e.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.validation.invalidBody },
};

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  // A body that is not an object at all fails at the root: say so instead of zod's wording.
  if (!first || first.instancePath === '/') return messages.validation.invalidBody;
  return first.message ?? messages.validation.invalidBody;
}

function describe(error: FastifyError): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, message: validationMessage(error) };
  const known = frameworkErrors[error.code];
  if (known) return known;
  if (error instanceof SyntaxError) return { status: 400, message: e.invalidJson };
  if (isDataException(error)) return { status: 400, message: messages.validation.invalidBody };
  if (isForeignKeyViolation(error)) return { status: 404, message: e.notFound };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: status === 429 ? e.tooManyRequests : messages.validation.invalidBody };
  return { status: 500, message: e.generic };
}

/** The error envelope, with the request's id: quoted by a user, it finds the request's log lines. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, message: string): void {
  // Also set here: the router's own errors (a malformed URL) come before the onRequest hooks.
  void reply.code(status).header(REQUEST_ID_HEADER, request.id).send({ status, data: null, message, requestId: request.id });
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, message } = describe(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  sendFailure(request, reply, status, message);
}
