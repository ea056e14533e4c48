import { ERROR_TYPES } from '@samaj/core';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/messages.json';
import gu from '../locales/gu/messages.json';
import { ApiError } from './api';
import { errorKeys } from './errors';

describe('error messages', () => {
  it.each([
    ['gu', gu],
    ['en', en],
  ])("every error type of core's catalogue has words in %s", (_lang, common) => {
    const words = common.errors as Record<string, unknown>;
    const missing = Object.values(ERROR_TYPES).filter((type) => typeof words[type] !== 'string');
    expect(missing).toEqual([]);
  });

  it("looks a failure up by the screen's words first, then the common ones; the field before the type", () => {
    const invalidEmail = new ApiError('whatever the server says', 400, 'general_argument_invalid', 'email');
    expect(errorKeys(invalidEmail, 'accounts:signup_errors')).toEqual([
      'accounts:signup_errors.fields.email',
      'accounts:signup_errors.general_argument_invalid',
      'accounts:signup_errors.default',
      'messages:errors.fields.email',
      'messages:errors.general_argument_invalid',
      'messages:errors.default',
    ]);
    // The database away or a full disk: "try again in a moment", not the screen's own failure words.
    for (const type of [ERROR_TYPES.GENERAL_DATABASE_UNAVAILABLE, ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE]) {
      expect(errorKeys(new ApiError('x', 503, type), 'accounts:login_errors')).toEqual([
        `accounts:login_errors.${type}`,
        `messages:errors.${type}`,
        'accounts:login_errors.default',
        `messages:errors.${type}`,
        'messages:errors.default',
      ]);
    }
    // Anything that is not the server's error (a bug, a TypeError) reads as an unknown failure.
    expect(errorKeys(new TypeError('x'))).toEqual([
      'messages:errors.general_unknown',
      'messages:errors.default',
    ]);
  });
});
