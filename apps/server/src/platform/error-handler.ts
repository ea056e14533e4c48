import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ERROR_TYPES,
  type ErrorType,
  MSG_EMAIL_PARAM_INVALID,
  MSG_INVALID_EMAIL,
  missingParamMessage,
} from '@samaj/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError, httpLayerErrorBody, SERVER_ERROR_TYPES, sendError } from './errors.ts';
import { loggedUrl } from './request-log.ts';

const UNKNOWN_MESSAGE = 'Server Error';

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

interface KnownError {
  type: ErrorType;
  message: string;
}

const TOO_LARGE: KnownError = {
  type: SERVER_ERROR_TYPES.PAYLOAD_TOO_LARGE,
  message: 'The request body is too large.',
};
const NOT_JSON: KnownError = {
  type: ERROR_TYPES.GENERAL_ARGUMENT_INVALID,
  message: 'The request body is not valid JSON.',
};

/** Fastify's own errors about a request's body, worded for the client. */
const FASTIFY_ERRORS = new Map<string, KnownError>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', NOT_JSON],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', NOT_JSON],
  ['FST_ERR_CTP_BODY_TOO_LARGE', TOO_LARGE],
  [
    'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    {
      type: SERVER_ERROR_TYPES.UNSUPPORTED_MEDIA_TYPE,
      message: 'The request content type is not supported.',
    },
  ],
]);

/** Statuses that plugins raise with their own wording (the rate limiter, multipart's size cap). */
const STATUS_ERRORS = new Map<number, KnownError>([
  [413, TOO_LARGE],
  [
    429,
    {
      type: ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED,
      message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
    },
  ],
]);

/**
 * Every error leaves as `{ message, code, type }`. A client's mistake says what was wrong; anything
 * unexpected is logged with its stack and answered with a generic 500 that reveals nothing.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (clientAborted(error, request)) {
    // The member's side went (a tab closed, a phone off the network mid-upload): nobody reads an
    // answer, and it is neither a bug nor an outage (Node words it ECONNRESET, as a database cut is).
    request.log.info({ method: request.method, url: loggedUrl(request) }, 'client aborted the request');
    return sendError(reply, ERROR_TYPES.GENERAL_BAD_REQUEST, MSG_REQUEST_ABORTED);
  }

  if (error instanceof AppError) {
    if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
    return sendError(reply, error.type, error.message, error.field);
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = ((error as FastifyError).validationContext ?? 'body') as ValidationContext;
    const { message, field } = validationMessage(error.validation as ValidationIssue[], context, request);
    // Core words every malformed address 'Invalid Email'; the product gives it its own type
    // (docs/product/errors.md, "Error types").
    if (message === MSG_INVALID_EMAIL) {
      return sendError(reply, ERROR_TYPES.USER_EMAIL_INVALID, MSG_EMAIL_PARAM_INVALID, field);
    }
    return sendError(reply, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, message, field);
  }

  const malformed = malformedInputMessage(error);
  if (malformed) {
    return sendError(reply, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, malformed);
  }

  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  const known = FASTIFY_ERRORS.get(fastifyError.code) ?? STATUS_ERRORS.get(status);
  if (known) return sendError(reply, known.type, known.message);
  // Other client errors raised by Fastify or its plugins (bad content length, bad URL, ...):
  // their messages describe the request, never the server.
  if (status >= 400 && status < 500) {
    return reply.code(status).send(httpLayerErrorBody(status, fastifyError.message || 'Bad request.'));
  }

  const outage = outageOf(error);
  if (outage === 'database') {
    request.log.error({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendError(reply, ERROR_TYPES.GENERAL_DATABASE_UNAVAILABLE, MSG_DATABASE_UNAVAILABLE);
  }
  if (outage === 'disk') {
    request.log.error({ err: error }, 'no space left');
    return sendError(reply, ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE, MSG_NO_SPACE);
  }

  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, ERROR_TYPES.GENERAL_UNKNOWN, UNKNOWN_MESSAGE);
}

function validationMessage(
  issues: ValidationIssue[],
  context: ValidationContext,
  request: FastifyRequest,
): { message: string; field?: string } {
  const input = inputOf(request, context);
  // The whole body/query is absent: find the first required field by validating an empty object.
  if (input === undefined || input === null) {
    const schema = request.routeOptions.schema?.[context === 'querystring' ? 'querystring' : context] as
      | ZodType
      | undefined;
    const empty = schema?.safeParse?.({});
    const first = empty && !empty.success ? empty.error.issues.find((i) => i.path.length > 0) : undefined;
    if (first) {
      const field = first.path.map(String).join('.');
      return { message: missingParamMessage(field), field };
    }
    return { message: context === 'body' ? 'The request body is required.' : 'Invalid request.' };
  }
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    // Any rule broken by an absent value (a type, an enum, a required string) means the field is missing.
    if (segments.length > 0 && valueAt(input, segments) === undefined) {
      const field = segments.join('.');
      return { message: missingParamMessage(field), field };
    }
  }
  // Core's schemas word their messages for people ('Invalid Email'); the web maps them to Gujarati
  // by value, so they are sent as they are.
  const first = issues[0];
  const field = first?.instancePath.split('/').filter(Boolean).join('.');
  return { message: first?.message ?? 'Invalid value', ...(field ? { field } : {}) };
}

/**
 * Busboy's own errors for a broken multipart body (no boundary, cut short, bad part headers). A body
 * that ends while a route reads the file fails the file's stream with "Part terminated early…".
 */
const MULTIPART_ERRORS = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of (form|file|multipart data)$/,
  /^(Part|Preamble) terminated early due to unexpected end of multipart data$/,
  /^Malformed (part header|urlencoded form)$/,
  /^Unsupported content type/,
  /^Missing Content-Type$/,
];

/** PostgreSQL's words for text it cannot store (a NUL in text or jsonb): the client's mistake. */
const BAD_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/**
 * A body or value the server cannot read or store, which is the client's mistake and so a 400:
 * broken multipart (including @fastify/multipart's "not multipart" when the boundary is absent),
 * and, as a last line behind platform/input.ts, text PostgreSQL refuses.
 */
function malformedInputMessage(error: Error): string | undefined {
  const code = (error as FastifyError).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MP_PREMATURE_CLOSE') {
    return 'The request body is not valid multipart/form-data.';
  }
  if (MULTIPART_ERRORS.some((pattern) => pattern.test(error.message))) {
    return 'The request body is not valid multipart/form-data.';
  }
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth++) {
    const sqlState = (cause as { code?: unknown }).code;
    if (typeof sqlState === 'string' && BAD_TEXT_SQLSTATES.has(sqlState)) {
      return 'The request contains text that cannot be stored.';
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

export const MSG_REQUEST_ABORTED = 'The request was cut off before it was read.';

/**
 * Whether `error` is the client cutting its own request off: the request stream was aborted (its
 * connection closed before the body ended) and the failure is that abort — the very error the stream
 * failed with, somewhere in the cause chain, or what busboy and Node say of a body that stopped.
 */
export function clientAborted(error: unknown, request: FastifyRequest): boolean {
  const raw = request.raw;
  if (!raw.readableAborted && !raw.aborted) return false;
  for (let cause: unknown = error, depth = 0; cause && typeof cause === 'object' && depth < 6; depth++) {
    if (cause === raw.errored) return true;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === 'ECONNRESET' && message === 'aborted') return true;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'FST_MP_PREMATURE_CLOSE') return true;
    if (typeof message === 'string' && MULTIPART_ERRORS.some((pattern) => pattern.test(message))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export const MSG_DATABASE_UNAVAILABLE = 'The database is not answering. Please try again in a moment.';
export const MSG_NO_SPACE = 'The server has run out of storage space. Please try again later.';
/** Not in spec: how long a client waits before retrying while the database is away (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** The network failing between the server and PostgreSQL (the error's `code`, or its cause's). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL refusing work because it is stopping, starting or out of connections: class 08
 * (connection exception), admin/crash shutdown, cannot connect now, too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres and PGlite when their connection is gone (they raise plain errors, no code). */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Client (was closed|has encountered a connection error) and is not queryable$/,
  /^PGlite is clos(ed|ing)$/,
];
/** No space: the server's own disk (ENOSPC, EDQUOT) or the database's (SQLSTATE 53100 disk_full). */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/**
 * Whether a failure is the database being unreachable or a disk being full — neither the client's
 * mistake nor a bug: the member is asked to try again in a moment (503 with Retry-After, or 507).
 * Drizzle and better-auth wrap the driver's error, so the whole cause chain is read.
 */
export function outageOf(error: unknown): 'database' | 'disk' | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NO_SPACE_CODES.has(code)) return 'disk';
      if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return 'database';
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return 'database';
    }
    queue.push(cause);
    // A connection attempt to every address of a host fails as one AggregateError.
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return undefined;
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

/**
 * Errors Fastify raises before routing (Fastify's `frameworkErrors` option): a URL whose escapes do
 * not decode (`/api/posts/%E0%A4`), a path parameter past the router's length limit.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The request URL is not valid.'
        : 'Bad request.';
  return sendError(reply, ERROR_TYPES.GENERAL_ARGUMENT_INVALID, message);
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long.' },
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * headers too large (431), a timeout, a malformed request line. Answered in the same JSON shape.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: 'The request could not be read.',
  };
  const body = JSON.stringify(httpLayerErrorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
