// Gujarati first; English is a member's choice kept in this browser. Each feature owns one
// namespace file per language (locales/<lang>/<feature>.json). The shell's Gujarati namespaces come
// with the first load; every other file is fetched when a page first needs it (routes.tsx preloads a
// page's own namespace with its code, and react-i18next suspends for any other), so the first load
// does not grow with every feature's text.
import { SERVER_TEXTS_ID } from '@samaj/core';
import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['gu', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gu';
export const LANGUAGE_STORAGE_KEY = 'samaj.lang';
/** The same choice as a cookie, so the server renders pages in it (apps/server platform/language.ts). */
export const LANGUAGE_COOKIE = 'samaj.lang';
const COOKIE_MAX_AGE = 400 * 24 * 3600;

/**
 * The language a server-rendered page was rendered in (`<html lang data-rendered="server">`), read
 * before i18next's init writes its default onto `<html lang>`: the app must hydrate in it.
 */
const servedLanguage: string | null =
  typeof document !== 'undefined' && document.documentElement.dataset.rendered === 'server'
    ? document.documentElement.lang
    : null;

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const shellFiles = import.meta.glob<Record<string, unknown>>('../locales/gu/{common,shell,tools}.json', {
  eager: true,
  import: 'default',
});
const laterFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/gu/{common,shell,tools}.json'],
  { import: 'default' },
);

function parse(file: string): { lang: string; ns: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return match ? { lang: match[1], ns: match[2] } : null;
}

function collect(): { resources: Resources; namespaces: string[] } {
  const resources: Resources = {};
  const namespaces = new Set<string>();
  for (const [file, content] of Object.entries(shellFiles)) {
    const parsed = parse(file);
    if (!parsed) continue;
    resources[parsed.lang] ??= {};
    resources[parsed.lang][parsed.ns] = content;
    namespaces.add(parsed.ns);
  }
  return { resources, namespaces: [...namespaces] };
}

/** Reads the namespace files Vite split out, as i18next asks for them. */
const bundledFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(lang: string, ns: string, callback: ReadCallback) {
    const load = laterFiles[`../locales/${lang}/${ns}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data as never),
      (error: Error) => callback(error, false),
    );
  },
};

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function cookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const match = /(?:^|;\s*)samaj\.lang=([^;]*)/.exec(document.cookie);
  return match && isLanguage(match[1]) ? match[1] : null;
}

function storedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function writeLanguageCookie(lang: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari and Firefox members use
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
}

function followHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

const { resources, namespaces } = collect();

/**
 * The namespaces every page loads in its reader's language (the shell's: bundled in Gujarati). A copy:
 * i18next adds each namespace it loads to the array it was given as `ns`.
 */
export const SHELL_NAMESPACES: readonly string[] = [...namespaces];

export const i18n: I18n = i18next.createInstance();
i18n
  .use(bundledFiles)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
// A server-rendered page already says its language; the shell's starts in Gujarati until i18nReady.
if (servedLanguage === null) followHtmlLang(i18n.language);
i18n.on('languageChanged', followHtmlLang);

/** Loads a feature's namespace in the current language (and Gujarati, the fallback). */
export function loadNamespace(ns: string): Promise<void> {
  return i18n.loadNamespaces(ns).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Resolves once the page's language is loaded and active; the app renders after it. A server-rendered
 * page is hydrated in the language it was rendered in; the service worker's shell opens in the
 * member's choice (cookie, or this browser's older record of it), else Gujarati.
 */
export const i18nReady: Promise<void> = (async () => {
  const served = isLanguage(servedLanguage) ? servedLanguage : null;
  const lang = served ?? cookieLanguage() ?? storedLanguage() ?? DEFAULT_LANGUAGE;
  if (lang === DEFAULT_LANGUAGE) return;
  if (served) takeServedTexts(served);
  try {
    await i18n.changeLanguage(lang);
  } catch {
    // Offline or a failed fetch: Gujarati stays; the member can switch again later.
  }
})();

/** The texts the server rendered the page with (core SERVER_TEXTS_ID): i18next fetches none of them. */
function takeServedTexts(lang: Language): void {
  const element = document.getElementById(SERVER_TEXTS_ID);
  element?.remove();
  try {
    const bundles = JSON.parse(element?.textContent || '{}') as Record<string, Record<string, unknown>>;
    for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  } catch {
    // A damaged element: the texts are fetched as they always were.
  }
}

/** Switches the interface language and remembers the choice in this browser. */
export async function setLanguage(lang: Language): Promise<void> {
  writeLanguageCookie(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage full: the switch still applies for this visit.
  }
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * A choice this browser made before the server knew of choices (kept only in localStorage): once the
 * page is hydrated in the server's language, the cookie is written and the choice applies again.
 */
export function keepEarlierChoice(): void {
  const stored = storedLanguage();
  if (stored === null || cookieLanguage() !== null) return;
  writeLanguageCookie(stored);
  if (stored !== i18n.language) void i18n.changeLanguage(stored).catch(() => undefined);
}

/** Every namespace file of every language (the server loads them all once, entry-server.tsx). */
export const ALL_NAMESPACES: string[] = [
  ...new Set(
    [...Object.keys(shellFiles), ...Object.keys(laterFiles)]
      .map((file) => parse(file)?.ns)
      .filter((ns): ns is string => ns !== undefined),
  ),
];
