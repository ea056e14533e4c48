import { describe, expect, it } from 'vitest';
import {
  ERROR_STATUS,
  ERROR_TYPES,
  isApiErrorBody,
  loginErrorMessage,
  missingParamMessage,
  realtimeDisconnectMessage,
  signupErrorMessage,
} from './errors.ts';

describe('loginErrorMessage', () => {
  it.each([
    ['user_blocked', 'This account is blocked.'],
    ['user_invalid_credentials', 'Please check your email and password'],
    ['general_unknown', 'Something Went Wrong, Try again later'],
    [undefined, 'Something Went Wrong, Try again later'],
  ])('%s → %s', (type, message) => {
    expect(loginErrorMessage(type)).toBe(message);
  });
});

describe('signupErrorMessage', () => {
  it.each([
    [
      { type: 'user_already_exists', message: 'x' },
      'A user with the same username, email, or phone already exists.',
    ],
    [{ type: 'user_email_invalid', message: '' }, 'Please enter a valid email address'],
    [
      {
        type: 'general_argument_invalid',
        message: 'Invalid `email` param: Value must be a valid email address',
      },
      'Please enter a valid email address',
    ],
    [
      { type: 'general_argument_invalid', message: 'Invalid `password` param' },
      'Something went wrong, please try again.',
    ],
    [{ type: 'general_unknown', message: 'boom' }, 'Something went wrong, please try again.'],
    [{}, 'Something went wrong, please try again.'],
    [null, 'Something went wrong, please try again.'],
  ])('%j → %s', (error, message) => {
    expect(signupErrorMessage(error)).toBe(message);
  });
});

describe('catalogue', () => {
  it('words a missing parameter as the spec does', () => {
    expect(missingParamMessage('email')).toBe('Missing required parameter: "email"');
  });

  // The server's AppError and error bodies take their status from this table (platform/errors.ts).
  it('gives each error type the HTTP status the server sends', () => {
    expect(ERROR_STATUS[ERROR_TYPES.USER_UNAUTHORIZED]).toBe(401);
    expect(ERROR_STATUS[ERROR_TYPES.USER_FORBIDDEN]).toBe(403);
    expect(ERROR_STATUS[ERROR_TYPES.GENERAL_ARGUMENT_INVALID]).toBe(400);
    expect(ERROR_STATUS[ERROR_TYPES.DOCUMENT_NOT_FOUND]).toBe(404);
    expect(ERROR_STATUS[ERROR_TYPES.DOCUMENT_ALREADY_EXISTS]).toBe(409);
    expect(ERROR_STATUS[ERROR_TYPES.STORAGE_FILE_TOO_LARGE]).toBe(413);
    expect(ERROR_STATUS[ERROR_TYPES.STORAGE_FILE_TYPE_UNSUPPORTED]).toBe(415);
    expect(ERROR_STATUS[ERROR_TYPES.GENERAL_RATE_LIMIT_EXCEEDED]).toBe(429);
    expect(ERROR_STATUS[ERROR_TYPES.GENERAL_UNKNOWN]).toBe(500);
    expect(ERROR_STATUS[ERROR_TYPES.USER_BLOCKED]).toBe(403);
    expect(ERROR_STATUS[ERROR_TYPES.GENERAL_BAD_REQUEST]).toBe(400);
    expect(ERROR_STATUS[ERROR_TYPES.DOCUMENT_CONFLICT]).toBe(409);
    expect(ERROR_STATUS[ERROR_TYPES.GENERAL_RANGE_NOT_SATISFIABLE]).toBe(416);
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(Object.values(ERROR_TYPES).sort());
    for (const type of Object.values(ERROR_TYPES)) {
      expect(ERROR_STATUS[type]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[type]).toBeLessThan(600);
    }
  });

  it('recognises an API error body', () => {
    expect(isApiErrorBody({ message: 'm', code: 404, type: 'document_not_found' })).toBe(true);
    expect(isApiErrorBody({ message: 'm', code: '404', type: 'x' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
    expect(isApiErrorBody({ message: 'm', code: 400, type: 'general_argument_invalid', field: 'id' })).toBe(
      true,
    );
    expect(isApiErrorBody({ message: 'm', code: 400, type: 'general_argument_invalid', field: 3 })).toBe(
      false,
    );
  });

  it('keeps the spec wording of the realtime log line', () => {
    expect(realtimeDisconnectMessage(5)).toBe(
      'Realtime got disconnected. Reconnect will be attempted in 5 seconds.',
    );
  });
});
