// The locale keys behind each page's title and description, for the server's share cards: link
// previews in chat apps come from the HTML the server sends, since their crawlers run no script.
// The build resolves these keys in the Gujarati locale into dist/share-meta.json (build/shareMeta.ts),
// so the texts stay in src/locales and the server never reads web sources. Each key here is the
// one the page passes to <PageMeta>; a key that does not resolve fails the build.

/** [namespace, key] in src/locales/gu. */
export type LocaleKey = readonly [namespace: string, key: string];

export interface PageKeys {
  title: LocaleKey;
  description: LocaleKey;
}

/** Pages whose meta does not depend on data, by path. */
export const STATIC_PAGES: Record<string, PageKeys> = {
  '/': { title: ['tools', 'title'], description: ['tools', 'description'] },
  '/posts': { title: ['posts', 'home.title'], description: ['posts', 'home.description'] },
  '/surnames': { title: ['surnames', 'list.title'], description: ['surnames', 'list.description'] },
  '/events': { title: ['events', 'list.title'], description: ['events', 'list.description'] },
  '/matrimony': { title: ['matrimony', 'title'], description: ['matrimony', 'description'] },
  '/community-map': { title: ['map', 'title'], description: ['map', 'description'] },
  '/scholarships': {
    title: ['placeholders', 'scholarships.title'],
    description: ['placeholders', 'scholarships.subtitle'],
  },
  '/jobs': { title: ['placeholders', 'jobs.title'], description: ['placeholders', 'jobs.subtitle'] },
  '/businesses': {
    title: ['placeholders', 'businesses.title'],
    description: ['placeholders', 'businesses.subtitle'],
  },
  '/venues': { title: ['placeholders', 'venues.title'], description: ['placeholders', 'venues.subtitle'] },
  '/login': { title: ['accounts', 'loginPage.title'], description: ['accounts', 'loginPage.description'] },
  '/signup': { title: ['accounts', 'signupPage.title'], description: ['accounts', 'signupPage.description'] },
  '/publisher-request': { title: ['publisher', 'title'], description: ['publisher', 'description'] },
};

/**
 * Pages about one thing (`/<kind>/<id>`): the page's generic meta when the thing cannot be shown
 * to a visitor, and the templates ({{id}}, {{name}}) the server fills when it can.
 */
export const ITEM_PAGES: Record<string, PageKeys & { itemTitle?: LocaleKey; itemDescription?: LocaleKey }> = {
  surname: {
    title: ['surnames', 'list.title'],
    description: ['surnames', 'list.description'],
    itemTitle: ['surnames', 'detail.pageTitle'],
    itemDescription: ['surnames', 'detail.description'],
  },
  post: {
    title: ['posts', 'single.title'],
    description: ['posts', 'single.description'],
    itemTitle: ['posts', 'single.byline'],
  },
  event: { title: ['events', 'list.title'], description: ['events', 'live.description'] },
  profile: {
    title: ['profiles', 'title'],
    description: ['profiles', 'description'],
    itemDescription: ['profiles', 'memberDescription'],
  },
};
