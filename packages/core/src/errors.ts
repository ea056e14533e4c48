// The error catalogue (docs/product/errors.md, "Error types") and the error types the server answers with.
// Every API error body is { message, code, type } with the HTTP status as code.

export const ERROR_TYPES = {
  USER_UNAUTHORIZED: 'user_unauthorized',
  USER_FORBIDDEN: 'user_forbidden',
  USER_BLOCKED: 'user_blocked',
  USER_INVALID_CREDENTIALS: 'user_invalid_credentials',
  USER_ALREADY_EXISTS: 'user_already_exists',
  USER_EMAIL_INVALID: 'user_email_invalid',
  USER_NOT_FOUND: 'user_not_found',
  GENERAL_ARGUMENT_INVALID: 'general_argument_invalid',
  GENERAL_BAD_REQUEST: 'general_bad_request',
  DOCUMENT_NOT_FOUND: 'document_not_found',
  GENERAL_ROUTE_NOT_FOUND: 'general_route_not_found',
  DOCUMENT_ALREADY_EXISTS: 'document_already_exists',
  STORAGE_FILE_TOO_LARGE: 'storage_file_too_large',
  STORAGE_FILE_TYPE_UNSUPPORTED: 'storage_file_type_unsupported',
  STORAGE_FILE_NOT_FOUND: 'storage_file_not_found',
  GENERAL_RATE_LIMIT_EXCEEDED: 'general_rate_limit_exceeded',
  GENERAL_UNKNOWN: 'general_unknown',
  /** Not in spec: the server is busy with other work (e.g. the image queue is full); retry later. */
  GENERAL_SERVICE_UNAVAILABLE: 'general_service_unavailable',
  /** Not in spec: the request body is over the server's size limit. */
  GENERAL_PAYLOAD_TOO_LARGE: 'general_payload_too_large',
  /** Not in spec: a write sent from a page of another site (platform/origin.ts). */
  GENERAL_ORIGIN_FORBIDDEN: 'general_origin_forbidden',
  /** Not in spec: a request body in a content type the route does not read. */
  GENERAL_UNSUPPORTED_MEDIA_TYPE: 'general_unsupported_media_type',
  /** Not in spec: the database cannot be reached (an outage, a restart); retry after Retry-After. */
  GENERAL_DATABASE_UNAVAILABLE: 'general_database_unavailable',
  /** Not in spec: the server's disk (or the database's) is full. */
  GENERAL_INSUFFICIENT_STORAGE: 'general_insufficient_storage',
  /** Not in spec: a password-reset or email link that is unknown, forged or already used (ask again). */
  USER_TOKEN_INVALID: 'user_token_invalid',
  /** Not in spec: a password-reset or email link past its time (ask again). */
  USER_TOKEN_EXPIRED: 'user_token_expired',
  /** Not in spec: what the request acts on is in a state that does not allow it (someone else decided). */
  DOCUMENT_CONFLICT: 'document_conflict',
  /** Not in spec: a byte range outside the file (a video's Range header). */
  GENERAL_RANGE_NOT_SATISFIABLE: 'general_range_not_satisfiable',
} as const;
export type ErrorType = (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES];

/**
 * The HTTP status each type is sent with: the server takes an error's status from here (its `AppError`
 * names only a type), so a type always arrives with the same status.
 */
export const ERROR_STATUS: Record<ErrorType, number> = {
  user_unauthorized: 401,
  user_forbidden: 403,
  user_blocked: 403,
  user_invalid_credentials: 401,
  user_already_exists: 409,
  user_email_invalid: 400,
  user_not_found: 404,
  general_argument_invalid: 400,
  general_bad_request: 400,
  document_not_found: 404,
  general_route_not_found: 404,
  document_already_exists: 409,
  storage_file_too_large: 413,
  storage_file_type_unsupported: 415,
  storage_file_not_found: 404,
  general_rate_limit_exceeded: 429,
  general_unknown: 500,
  general_service_unavailable: 503,
  general_payload_too_large: 413,
  general_origin_forbidden: 403,
  general_unsupported_media_type: 415,
  general_database_unavailable: 503,
  general_insufficient_storage: 507,
  user_token_invalid: 400,
  user_token_expired: 410,
  document_conflict: 409,
  general_range_not_satisfiable: 416,
};

/** `field` names the input at fault when a request was refused for one field (validation errors). */
export type ApiErrorBody = { message: string; code: number; type: ErrorType | string; field?: string };

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.message === 'string' &&
    typeof v.code === 'number' &&
    typeof v.type === 'string' &&
    (v.field === undefined || typeof v.field === 'string')
  );
}

// User-visible messages quoted by the spec.
export const MSG_LOGIN_BLOCKED = 'This account is blocked.';
export const MSG_LOGIN_INVALID_CREDENTIALS = 'Please check your email and password';
export const MSG_LOGIN_FAILED = 'Something Went Wrong, Try again later';
export const MSG_SIGNUP_ALREADY_EXISTS = 'A user with the same username, email, or phone already exists.';
export const MSG_SIGNUP_INVALID_EMAIL = 'Please enter a valid email address';
export const MSG_SIGNUP_FAILED = 'Something went wrong, please try again.';

export function loginErrorMessage(type: string | null | undefined): string {
  if (type === ERROR_TYPES.USER_BLOCKED) return MSG_LOGIN_BLOCKED;
  if (type === ERROR_TYPES.USER_INVALID_CREDENTIALS) return MSG_LOGIN_INVALID_CREDENTIALS;
  return MSG_LOGIN_FAILED;
}

/** What the server answers (type `user_email_invalid`) for an email that is not one. */
export const MSG_EMAIL_PARAM_INVALID = 'Invalid `email` param: Value must be a valid email address';

/** The message of an invalid email argument, as the server words it. */
export const INVALID_EMAIL_PARAM_PATTERN = /invalid .*\bemail\b.*param|\bemail\b.*param.*invalid/i;

export function signupErrorMessage(
  error: { type?: string | null; message?: string | null } | null | undefined,
): string {
  if (error?.type === ERROR_TYPES.USER_ALREADY_EXISTS) return MSG_SIGNUP_ALREADY_EXISTS;
  if (error?.type === ERROR_TYPES.USER_EMAIL_INVALID) return MSG_SIGNUP_INVALID_EMAIL;
  if (error?.message && INVALID_EMAIL_PARAM_PATTERN.test(error.message)) return MSG_SIGNUP_INVALID_EMAIL;
  return MSG_SIGNUP_FAILED;
}

/** The 400 message for an absent required argument. */
export function missingParamMessage(name: string): string {
  return `Missing required parameter: "${name}"`;
}

/** Console line when the realtime connection drops. */
export function realtimeDisconnectMessage(seconds: number): string {
  return `Realtime got disconnected. Reconnect will be attempted in ${seconds} seconds.`;
}
