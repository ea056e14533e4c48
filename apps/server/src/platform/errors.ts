import { ERROR_TYPES, type ErrorType } from '@samaj/core';

/**
 * An error meant for the client: it leaves the server as `{ message, code: status, type }`.
 * Anything that is not an AppError becomes a generic 500 (the details only go to the log).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    /** Always one of core's catalogue, so the web app has words for every error it can meet. */
    readonly type: ErrorType,
    message: string,
    /** The input at fault, for errors about one field. */
    readonly field?: string,
    /** Seconds the client should wait before trying again (503, 429): sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
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

export const badRequest = (message: string, type: ErrorType = ERROR_TYPES.GENERAL_ARGUMENT_INVALID) =>
  new AppError(400, type, message);

export const forbidden = (
  message = 'The current user is not authorized to perform the requested action.',
  type: ErrorType = ERROR_TYPES.USER_FORBIDDEN,
) => new AppError(403, type, message);

export const notFound = (
  message = 'Document with the requested ID could not be found.',
  type: ErrorType = ERROR_TYPES.DOCUMENT_NOT_FOUND,
) => new AppError(404, type, message);

export const conflict = (
  message = 'Document with the requested ID already exists.',
  type: ErrorType = ERROR_TYPES.DOCUMENT_ALREADY_EXISTS,
) => new AppError(409, type, message);

export function errorBody(status: number, type: ErrorType, message: string, field?: string): ErrorBody {
  return field === undefined ? { message, code: status, type } : { message, code: status, type, field };
}
