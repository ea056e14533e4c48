import type { BrowserContext } from '@playwright/test';

/**
 * The member's language choice as the app's switch keeps it (apps/web lib/i18n.ts `setLanguage`): the
 * `samaj.lang` cookie, which the server renders pages in, and the browser's own record of it.
 */
export async function chooseLanguage(context: BrowserContext, lang: 'gu' | 'en'): Promise<void> {
  const baseURL = `http://localhost:${process.env.E2E_PORT}`;
  await context.addCookies([{ name: 'samaj.lang', value: lang, url: baseURL, sameSite: 'Lax' }]);
  await context.addInitScript((l) => localStorage.setItem('samaj.lang', l), lang);
}
