import { ERROR_TYPES, MSG_EMAIL_PARAM_INVALID, MSG_INVALID_EMAIL, missingParamMessage } from '@samaj/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError, errorBody, SERVER_ERROR_TYPES } from './errors.ts';

const UNKNOWN_MESSAGE = 'Server Error';

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

/**
 * Every error leaves as `{ message, code, type }`. A client's mistake says what was wrong; anything
 * unexpected is logged with its stack and answered with a generic 500 that reveals nothing.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.status).send(errorBody(error.status, error.type, error.message));
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = ((error as FastifyError).validationContext ?? 'body') as ValidationContext;
    const message = validationMessage(error.validation as ValidationIssue[], context, request);
    // Core words every malformed address 'Invalid Email'; the spec gives it its own type (SPEC §8).
    if (message === MSG_INVALID_EMAIL) {
      return reply.code(400).send(errorBody(400, ERROR_TYPES.USER_EMAIL_INVALID, MSG_EMAIL_PARAM_INVALID));
    }
    return reply.code(400).send(errorBody(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, message));
  }

  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply
        .code(400)
        .send(errorBody(400, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, 'The request body is not valid JSON.'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply
        .code(413)
        .send(errorBody(413, SERVER_ERROR_TYPES.PAYLOAD_TOO_LARGE, 'The request body is too large.'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply
        .code(415)
        .send(
          errorBody(
            415,
            SERVER_ERROR_TYPES.UNSUPPORTED_MEDIA_TYPE,
            'The request content type is not supported.',
          ),
        );
  }
  if (status === 429) {
    return reply
      .code(429)
      .send(
        errorBody(
          429,
          ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED,
          'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
        ),
      );
  }
  if (status === 413) {
    return reply
      .code(413)
      .send(errorBody(413, SERVER_ERROR_TYPES.PAYLOAD_TOO_LARGE, 'The request body is too large.'));
  }
  // Other client errors raised by Fastify or its plugins (bad content length, bad URL, ...):
  // their messages describe the request, never the server.
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send(errorBody(status, ERROR_TYPES.GENERAL_BAD_REQUEST, fastifyError.message || 'Bad request.'));
  }

  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(errorBody(500, ERROR_TYPES.GENERAL_UNKNOWN, UNKNOWN_MESSAGE));
}

function validationMessage(
  issues: ValidationIssue[],
  context: ValidationContext,
  request: FastifyRequest,
): string {
  const input = inputOf(request, context);
  // The whole body/query is absent: find the first required field by validating an empty object.
  if (input === undefined || input === null) {
    const schema = request.routeOptions.schema?.[context === 'querystring' ? 'querystring' : context] as
      | ZodType
      | undefined;
    const empty = schema?.safeParse?.({});
    const first = empty && !empty.success ? empty.error.issues.find((i) => i.path.length > 0) : undefined;
    if (first) return missingParamMessage(first.path.map(String).join('.'));
    return context === 'body' ? 'The request body is required.' : 'Invalid request.';
  }
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    // Any rule broken by an absent value (a type, an enum, a required string) means the field is missing.
    if (segments.length > 0 && valueAt(input, segments) === undefined) {
      return missingParamMessage(segments.join('.'));
    }
  }
  // Core's schemas word their messages for people ('Invalid Email'); the web maps them to Gujarati
  // by value, so they are sent as they are.
  return issues[0]?.message ?? 'Invalid value';
}

function inputOf(request: FastifyRequest, context: ValidationContext): unknown {
  switch (context) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
  }
}

function valueAt(input: unknown, segments: string[]): unknown {
  let current: unknown = input;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
