import { messages } from '@consultorio/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDataException, isForeignKeyViolation } from './errors';
import { REQUEST_ID_HEADER } from './log-context';

const e = messages.errors;

/** What an error answer says: its status, its stable code and its Portuguese message. */
export interface Failure {
  status: number;
  code: string;
  message: string;
}

const bodyTooLarge: Failure = { status: 413, code: 'BODY_TOO_LARGE', message: e.bodyTooLarge };
const unsupportedMediaType: Failure = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: e.unsupportedMediaType };
const invalidBody: Failure = { status: 400, code: 'VALIDATION', message: messages.validation.invalidBody };
const invalidJson: Failure = { status: 400, code: 'INVALID_JSON', message: e.invalidJson };

/** Fastify's and its plugins' own error codes, answered in Portuguese. */
const frameworkErrors: Record<string, Failure> = {
  FST_ERR_CTP_BODY_TOO_LARGE: bodyTooLarge,
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE', message: e.fileTooLarge },
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
  if (isForeignKeyViolation(error)) return { status: 404, code: 'NOT_FOUND', message: e.notFound };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: 'TOO_MANY_REQUESTS', message: e.tooManyRequests };
  if (status >= 400 && status < 500) return { ...invalidBody, status };
  return { status: 500, code: 'INTERNAL', message: messages.requestErrors.generic };
}

/** The error envelope, with the request's id: quoted by a user, it finds the request's log lines. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, { status, code, message }: Failure): void {
  // Also set here: the router's own errors (a malformed URL) come before the onRequest hooks.
  void reply.code(status).header(REQUEST_ID_HEADER, request.id).send({ status, code, data: null, message, requestId: request.id });
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const failure = describe(error);
  if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
  sendFailure(request, reply, failure);
}
