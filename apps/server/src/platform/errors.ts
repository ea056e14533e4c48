import { ERROR_STATUS, ERROR_TYPES, type ErrorType } from '@samaj/core';
import type { FastifyReply } from 'fastify';

/**
 * An error meant for the client: it leaves the server as `{ message, code: status, type }`.
 * Anything that is not an AppError becomes a generic 500 (the details only go to the log).
 * The status is not chosen here: core's catalogue (`ERROR_STATUS`) gives each type its one status.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    /** Always one of core's catalogue, so the web app has words for every error it can meet. */
    readonly type: ErrorType,
    message: string,
    /** The input at fault, for errors about one field. */
    readonly field?: string,
    /** Seconds the client should wait before trying again (503, 429): sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.status = ERROR_STATUS[type];
  }
}

/** Core's types for errors only the server raises (kept under this name for its callers). */
export const SERVER_ERROR_TYPES = {
  PAYLOAD_TOO_LARGE: ERROR_TYPES.GENERAL_PAYLOAD_TOO_LARGE,
  ORIGIN_FORBIDDEN: ERROR_TYPES.GENERAL_ORIGIN_FORBIDDEN,
  UNSUPPORTED_MEDIA_TYPE: ERROR_TYPES.GENERAL_UNSUPPORTED_MEDIA_TYPE,
  SERVICE_UNAVAILABLE: ERROR_TYPES.GENERAL_SERVICE_UNAVAILABLE,
  DATABASE_UNAVAILABLE: ERROR_TYPES.GENERAL_DATABASE_UNAVAILABLE,
  INSUFFICIENT_STORAGE: ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE,
} as const;

// A type alias, not an interface: it must fit the routes' loose error response schema.
export type ErrorBody = {
  message: string;
  code: number;
  type: string;
  /** The input at fault (validation errors). */
  field?: string;
};

/** The 400 types: what was sent is wrong. */
type BadRequestType = 'general_argument_invalid' | 'general_bad_request' | 'user_email_invalid';

export const badRequest = (message: string, type: BadRequestType = ERROR_TYPES.GENERAL_ARGUMENT_INVALID) =>
  new AppError(type, message);

export const forbidden = (message = 'The current user is not authorized to perform the requested action.') =>
  new AppError(ERROR_TYPES.USER_FORBIDDEN, message);

export const notFound = (message = 'Document with the requested ID could not be found.') =>
  new AppError(ERROR_TYPES.DOCUMENT_NOT_FOUND, message);

export const conflict = (message = 'Document with the requested ID already exists.') =>
  new AppError(ERROR_TYPES.DOCUMENT_ALREADY_EXISTS, message);

/** The body of an error of `type`, with the status core's catalogue gives it. */
export function errorBody(type: ErrorType, message: string, field?: string): ErrorBody {
  const code = ERROR_STATUS[type];
  return field === undefined ? { message, code, type } : { message, code, type, field };
}

/** Answers an error of `type` with the status core's catalogue gives it. */
export function sendError(
  reply: FastifyReply,
  type: ErrorType,
  message: string,
  field?: string,
): FastifyReply {
  const body = errorBody(type, message, field);
  return reply.code(body.code).send(body);
}

/**
 * A request the HTTP layer refused with a status of its own choosing (Node's parser: 408, 431; a
 * Fastify client error this server does not raise itself): that status, type `general_bad_request`.
 * The only error body whose status is not the catalogue's.
 */
export function httpLayerErrorBody(status: number, message: string): ErrorBody {
  return { message, code: status, type: ERROR_TYPES.GENERAL_BAD_REQUEST };
}
