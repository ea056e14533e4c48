// Gujarati first; English is a member's choice kept in this browser. Each feature owns one
// namespace file per language (locales/<lang>/<feature>.json). Gujarati is bundled with the shell
// so a page never renders keys; English is one extra file fetched only by those who choose it
// (before the first render when it is the stored choice), keeping the first load small.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['gu', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gu';
export const LANGUAGE_STORAGE_KEY = 'samaj.lang';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const defaultFiles = import.meta.glob<Record<string, unknown>>('../locales/gu/*.json', {
  eager: true,
  import: 'default',
});
const otherFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/gu/*.json'],
  {
    import: 'default',
  },
);

function parse(file: string): { lang: string; ns: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return match ? { lang: match[1], ns: match[2] } : null;
}

function collect(): { resources: Resources; namespaces: string[] } {
  const resources: Resources = {};
  const namespaces = new Set<string>();
  for (const [file, content] of Object.entries(defaultFiles)) {
    const parsed = parse(file);
    if (!parsed) continue;
    resources[parsed.lang] ??= {};
    resources[parsed.lang][parsed.ns] = content;
    namespaces.add(parsed.ns);
  }
  return { resources, namespaces: [...namespaces] };
}

/** Fetches a language's namespaces once (Gujarati is always present). */
async function loadLanguage(lang: Language): Promise<void> {
  if (lang === DEFAULT_LANGUAGE || i18n.hasResourceBundle(lang, 'common')) return;
  const loads = Object.entries(otherFiles)
    .map(([file, load]) => ({ parsed: parse(file), load }))
    .filter(({ parsed }) => parsed?.lang === lang);
  await Promise.all(
    loads.map(async ({ parsed, load }) => {
      if (parsed) i18n.addResourceBundle(lang, parsed.ns, await load(), true, true);
    }),
  );
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function followHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

const { resources, namespaces } = collect();

export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources,
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
followHtmlLang(i18n.language);
i18n.on('languageChanged', followHtmlLang);

/** Resolves once the stored language is loaded and active; the app renders after it. */
export const i18nReady: Promise<void> = (async () => {
  const lang = storedLanguage();
  if (lang === DEFAULT_LANGUAGE) return;
  try {
    await loadLanguage(lang);
    await i18n.changeLanguage(lang);
  } catch {
    // Offline or a failed fetch: Gujarati stays; the member can switch again later.
  }
})();

/** Switches the interface language and remembers the choice in this browser. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage full: the switch still applies for this visit.
  }
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
