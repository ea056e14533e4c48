// The language a page is rendered (and a mail written) in: the member's choice (the `samaj.lang`
// cookie the web app writes when they switch), else what their browser asks for, else Gujarati.
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export const LANGUAGES = ['gu', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gu';
const LANGUAGE_COOKIE = 'samaj.lang';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * `en-US,en;q=0.9` → `en`: a browser names its region, the app has one English. Languages the app
 * does not have (`hi`, `fr`) do not count; without any it knows, Gujarati.
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const primary = header.replace(/([a-z]{1,8})(?:-[a-z0-9]{1,8})+/gi, '$1');
  const chosen = negotiate(primary, [...LANGUAGES]);
  return isLanguage(chosen) ? chosen : null;
}

export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  return acceptedLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}
