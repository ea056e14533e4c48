/**
 * `GET /api/share-cards/:kind/:id`: what a visitor may see of the one thing a `/<kind>/<id>` page is
 * about ('surname', 'post', 'event', 'profile'), for the page's head tags — the link previews of chat
 * apps, whose crawlers run no script, read them from the server-rendered HTML. Every viewer's page
 * carries the same card, so a preview never shows more than a visitor may see. The page words its
 * title and description in the reader's language around these facts (404 when there is no card).
 */
export interface ShareCard {
  /** Whose or what: a surname's id, a post's author, an event's name, a member's name. */
  name: string;
  /** Its own words as one line of plain text, cut for a preview ('' when it has none). */
  text: string;
  /** Site-relative URL of its picture (a preview route); null: the community card. */
  image: string | null;
}

/** A preview's description, in graphemes (what chat apps show of it, at most). */
export const SHARE_TEXT_MAX = 160;

/** The community's share picture: the size link previews show large (1.91:1). */
export const COMMUNITY_CARD = { path: '/share-card.png', width: 1200, height: 630 } as const;

/**
 * dist/page-preloads.json, written by the web build and read by the server: for each route of the
 * web app (React Router syntax, `/surname/:id`, `*` last), the files its page needs beyond the shell,
 * which the server names in the HTML it renders (styles applied, scripts started after the first paint).
 * `member`: what the page imports lazily, by convention only for a signed-in member (a visitor sees
 * a login gate there); named only in a member's HTML.
 */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

export interface PagePreloadsFile {
  pages: Array<PageFiles & { path: string; member: PageFiles }>;
}

/** A link back to a page after logging in (`forward=` and the encoded path, as LoginPrompt writes it). */
export function forwardTo(pagePath: string): string {
  return `forward=${encodeURIComponent(pagePath)}`;
}

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The JSON script element in which the server hands the browser a server-rendered page's query cache
 * and render time (apps/server platform/ssr.ts → apps/web main.tsx).
 */
export const SERVER_RENDER_ID = 'samaj-render';

/**
 * The JSON script element with the texts a page was rendered with, by namespace, when its reader's
 * language is not the one bundled with the app's code (apps/web lib/i18n.ts reads it before it would
 * fetch them): an English reader's first load fetches no text files.
 */
export const SERVER_TEXTS_ID = 'samaj-texts';
