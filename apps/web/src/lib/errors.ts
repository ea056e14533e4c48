// What a failure means to a member, in their language. The server's error carries a `type` from
// core's catalogue (and, for validation errors, the `field`); each maps straight to a translation
// key, so the English `message` is never read back. A screen may word a type its own way in its
// namespace (`<scope>.<type>`, `<scope>.fields.<field>`, `<scope>.default`); everything else falls
// back to the `errors` block of the messages namespace, which loads with every page that can fail
// or hold a form (routes.tsx), not with the shell.
import { ERROR_TYPES, validationMessageKey } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/** The type and field of any thrown value: an ApiError's own, 'general_unknown' for anything else. */
export function errorParts(error: unknown): { type: string; field: string | null } {
  if (error instanceof ApiError) return { type: error.type, field: error.field };
  return { type: ERROR_TYPES.GENERAL_UNKNOWN, field: null };
}

/**
 * Failures of the server's, not the member's: the database away, a full disk, the server busy. The
 * member is told to try again in a moment, even where a screen words its other failures its own
 * way (a login's "Something Went Wrong" would read as if the account were at fault).
 */
const TRY_AGAIN_TYPES: ReadonlySet<string> = new Set([
  ERROR_TYPES.GENERAL_DATABASE_UNAVAILABLE,
  ERROR_TYPES.GENERAL_INSUFFICIENT_STORAGE,
  ERROR_TYPES.GENERAL_SERVICE_UNAVAILABLE,
]);

/** Whether the failure is the server's passing trouble (database away, disk full, busy): try again. */
export function isTryAgain(error: unknown): boolean {
  return TRY_AGAIN_TYPES.has(errorParts(error).type);
}

/**
 * The translation keys for an error, most specific first, for i18next's fallback list.
 * `scope` is a key prefix with its namespace, e.g. 'accounts:login.errors'.
 */
export function errorKeys(error: unknown, scope?: string): string[] {
  const { type, field } = errorParts(error);
  const keys: string[] = [];
  for (const base of scope ? [scope, 'messages:errors'] : ['messages:errors']) {
    if (field) keys.push(`${base}.fields.${field}`);
    keys.push(`${base}.${type}`);
    if (base !== 'messages:errors' && TRY_AGAIN_TYPES.has(type)) keys.push(`messages:errors.${type}`);
    keys.push(`${base}.default`);
  }
  return keys;
}

/** `explain(error)`: the member-facing sentence for a failure (see errorKeys for the lookup). */
export function useErrorMessage(scope?: string): (error: unknown) => string {
  const { t } = useTranslation('messages');
  return (error) => t(errorKeys(error, scope));
}

/**
 * Translates a form field's error: core's zod messages are stable English constants with keys
 * (`validation.<key>` in messages); any other text is passed through.
 */
export function useFieldError(): (message: string | undefined | null) => string | undefined {
  const { t } = useTranslation('messages');
  return (message) => {
    if (!message) return undefined;
    const key = validationMessageKey(message);
    return key ? t(`validation.${key}`) : message;
  };
}
