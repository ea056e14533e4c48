// better-auth's error codes, translated to the spec's error types (SPEC §8).

import { BLOCKED_MESSAGE } from '../../platform/auth/index.ts';
import { AppError } from '../../platform/errors.ts';
import { MSG_EMAIL_INVALID } from './validate.ts';

export const MSG_ALREADY_EXISTS = 'A user with the same username, email, or phone already exists.';
export const MSG_INVALID_CREDENTIALS = 'Invalid credentials. Please check the email and password.';

interface BetterAuthLikeError {
  statusCode?: number;
  body?: { code?: string; message?: string };
}

/** PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** An AppError for what better-auth refused, or the error itself when it is not one of its refusals. */
export function translateAuthError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isUniqueViolation(err)) return new AppError(409, 'user_already_exists', MSG_ALREADY_EXISTS);
  const e = err as BetterAuthLikeError;
  const code = e?.body?.code;
  if (typeof e?.statusCode !== 'number' || !code) return err;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return new AppError(401, 'user_invalid_credentials', MSG_INVALID_CREDENTIALS);
    case 'BANNED_USER':
      return new AppError(403, 'user_blocked', BLOCKED_MESSAGE);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
    case 'USERNAME_IS_ALREADY_TAKEN':
      return new AppError(409, 'user_already_exists', MSG_ALREADY_EXISTS);
    case 'INVALID_EMAIL':
      return new AppError(400, 'user_email_invalid', MSG_EMAIL_INVALID);
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return new AppError(
        400,
        'general_argument_invalid',
        `Invalid \`password\` param: ${e.body?.message ?? code}`,
      );
    case 'USERNAME_TOO_SHORT':
    case 'USERNAME_TOO_LONG':
    case 'INVALID_USERNAME':
      return new AppError(
        400,
        'general_argument_invalid',
        `Invalid \`username\` param: ${e.body?.message ?? code}`,
      );
    default:
      if (e.statusCode === 429)
        return new AppError(429, 'general_rate_limit_exceeded', 'Too many requests. Please try again later.');
      if (e.statusCode >= 400 && e.statusCode < 500) {
        return new AppError(400, 'general_argument_invalid', e.body?.message ?? 'The request was refused.');
      }
      return err;
  }
}
