// better-auth's error codes, translated to the product's error types (docs/product/errors.md, "Error types").
import {
  ERROR_TYPES,
  MSG_EMAIL_PARAM_INVALID,
  MSG_LOGIN_BLOCKED,
  MSG_SIGNUP_ALREADY_EXISTS,
  missingParamMessage,
} from '@samaj/core';
import { isUniqueViolation } from '../../platform/auth/index.ts';
import { AppError } from '../../platform/errors.ts';

export const MSG_INVALID_CREDENTIALS = 'Invalid credentials. Please check the email and password.';

export const alreadyExists = () => new AppError(ERROR_TYPES.USER_ALREADY_EXISTS, MSG_SIGNUP_ALREADY_EXISTS);

export const wrongPassword = (message = MSG_INVALID_CREDENTIALS) =>
  new AppError(ERROR_TYPES.USER_INVALID_CREDENTIALS, message);

interface BetterAuthLikeError {
  statusCode?: number;
  body?: { code?: string; message?: string };
}

/** better-auth's error code (`INVALID_PASSWORD`, ...), or undefined for any other error. */
export function authErrorCode(err: unknown): string | undefined {
  const e = err as BetterAuthLikeError;
  return typeof e?.statusCode === 'number' ? e.body?.code : undefined;
}

const invalidParam = (name: string, detail: string) =>
  new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, `Invalid \`${name}\` param: ${detail}`);

/** An AppError for what better-auth refused, or the error itself when it is not one of its refusals. */
export function translateAuthError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isUniqueViolation(err)) return alreadyExists();
  const e = err as BetterAuthLikeError;
  const code = authErrorCode(err);
  if (typeof e?.statusCode !== 'number' || !code) return err;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return wrongPassword();
    case 'BANNED_USER':
      return new AppError(ERROR_TYPES.USER_BLOCKED, MSG_LOGIN_BLOCKED);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
    case 'USERNAME_IS_ALREADY_TAKEN':
      return alreadyExists();
    case 'INVALID_EMAIL':
      return new AppError(ERROR_TYPES.USER_EMAIL_INVALID, MSG_EMAIL_PARAM_INVALID);
    case 'USERNAME_REQUIRED':
      return new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, missingParamMessage('username'));
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return invalidParam('password', e.body?.message ?? code);
    case 'USERNAME_TOO_SHORT':
    case 'USERNAME_TOO_LONG':
    case 'INVALID_USERNAME':
      return invalidParam('username', e.body?.message ?? code);
    // better-auth hides why the insert failed; the route tells a lost race (409) from a real failure.
    case 'FAILED_TO_CREATE_USER':
      return err;
    default:
      if (e.statusCode === 429)
        return new AppError(
          ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED,
          'Too many requests. Please try again later.',
        );
      if (e.statusCode >= 400 && e.statusCode < 500) {
        return new AppError(
          ERROR_TYPES.GENERAL_ARGUMENT_INVALID,
          e.body?.message ?? 'The request was refused.',
        );
      }
      return err;
  }
}
