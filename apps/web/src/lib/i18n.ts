// Gujarati first; English is a member's choice kept in this browser. Each feature owns one
// namespace file per language (locales/<lang>/<feature>.json), all bundled eagerly so a page
// never renders keys while a translation file downloads.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['gu', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gu';
export const LANGUAGE_STORAGE_KEY = 'samaj.lang';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function collect(): { resources: Resources; namespaces: string[] } {
  const resources: Resources = {};
  const namespaces = new Set<string>();
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, ns] = match;
    resources[lang] ??= {};
    resources[lang][ns] = content;
    namespaces.add(ns);
  }
  return { resources, namespaces: [...namespaces] };
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
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
followHtmlLang(i18n.language);
i18n.on('languageChanged', followHtmlLang);

/** Switches the interface language and remembers the choice in this browser. */
export async function setLanguage(lang: Language): Promise<void> {
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
